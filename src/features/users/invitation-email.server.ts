import type { MailMessage } from '../mail/mailer.server';
import { htmlBody } from '../auth/auth-emails.server';
import type { Role } from '../auth/auth.dto';

const roleDescriptions: Record<Role, string> = {
  admin: 'as an admin: you can edit the pages and manage people, settings and backups',
  editor: 'as an editor: you can write and publish pages, and manage navigation and media',
  viewer: 'as a viewer: you can sign in to the site',
};

/** The invitation (decision 38): who invited whom, with which role, and the one-use link. */
export function invitationEmail(
  to: string,
  input: { role: Role; invitedBy: string | null; link: string },
  siteName = 'Cenote Atlas',
): MailMessage {
  const who = input.invitedBy ? `${input.invitedBy} invited you` : 'You are invited';
  const intro = `${who} to join ${siteName} ${roleDescriptions[input.role]}. Open the link to choose your name and password.`;
  const validity = 'The link is valid for 7 days and can be used once.';
  const after =
    'If you did not expect this invitation, you can ignore this e-mail: no account is made without the link.';
  const subject = input.role === 'viewer' ? `You're invited to join ${siteName}` : `You're invited to edit ${siteName}`;
  return {
    to,
    subject,
    text: `${intro}\n\n${input.link}\n\n${validity}\n\n${after}\n\n${siteName}\n`,
    html: htmlBody(siteName, `Join ${siteName}`, [intro, validity], input.link, 'Accept the invitation', after),
  };
}
