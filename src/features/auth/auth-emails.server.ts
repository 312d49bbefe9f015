import { escapeHtml } from '../../shared/lib/html';
import type { MailMessage } from '../mail/mailer.server';

/** The HTML of every account e-mail: one heading, a few paragraphs, one button with its link. */
export function htmlBody(
  siteName: string,
  heading: string,
  paragraphs: string[],
  link: string,
  button: string,
  after: string,
) {
  const safeLink = escapeHtml(link);
  return `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 16px;font-size:14px;color:#0f766e;font-weight:bold">${escapeHtml(siteName)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${paragraphs.map((text) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${safeLink}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#57534e">If the button does not work, copy this address into your browser:<br><a href="${safeLink}" style="color:#0f766e;word-break:break-all">${safeLink}</a></p>
<p style="margin:0;line-height:1.5;font-size:13px;color:#57534e">${escapeHtml(after)}</p>
</div></body></html>`;
}

/** The e-mail sent at sign-up (and on request) with the link that confirms the address. */
export function verificationEmail(to: string, link: string, siteName = 'Cenote Atlas'): MailMessage {
  const intro = `Welcome to ${siteName}! Please confirm that this is your e-mail address so you can sign in.`;
  const validity = 'The link is valid for 24 hours and can be used once.';
  const after = 'If you did not create an account, you can ignore this e-mail: nothing happens without the link.';
  return {
    to,
    subject: 'Confirm Your Email',
    text: `${intro}\n\nOpen this link to confirm your address:\n${link}\n\n${validity}\n\n${after}\n\n${siteName}\n`,
    html: htmlBody(siteName, 'Confirm your e-mail address', [intro, validity], link, 'Confirm my e-mail', after),
  };
}

/** The reset e-mail (spec section 7: subject 'Reset Your Password'). */
export function passwordResetEmail(to: string, link: string, siteName = 'Cenote Atlas'): MailMessage {
  const intro = `Someone asked to reset the password of your ${siteName} account. Open the link below to choose a new password.`;
  const validity =
    'The link is valid for 1 hour and can be used once. Setting a new password signs you out everywhere.';
  const after = 'If you did not ask for this, you can ignore this e-mail: your password stays the same.';
  return {
    to,
    subject: 'Reset Your Password',
    text: `${intro}\n\n${link}\n\n${validity}\n\n${after}\n\n${siteName}\n`,
    html: htmlBody(siteName, 'Reset your password', [intro, validity], link, 'Choose a new password', after),
  };
}

/**
 * Sent once per window when failed sign-ins from many addresses reach the account-wide limit
 * (decision 47). It says what happened, that nothing needs doing, and offers a way to change the
 * password anyway (which also lifts the pause).
 */
export function signInAttemptsEmail(
  to: string,
  input: { failures: number; window: string; wait: string; resetLink: string },
  siteName = 'Cenote Atlas',
): MailMessage {
  const intro = `Someone is trying to sign in to your ${siteName} account: ${input.failures} sign-ins with a wrong password within ${input.window}, from several different addresses. None of them got in.`;
  const protectedNow = `Your account is protected. For the next ${input.wait}, only browsers you have signed in with before can try to sign in; everyone else is turned away.`;
  const noAction = 'If it was not you, you do not need to do anything.';
  const reset =
    'If you would like to change your password anyway, or cannot sign in from another device until the pause ends, choose a new one with the link below. It is valid for 1 hour and can be used once; setting a new password signs you out everywhere and lifts the pause.';
  const after = 'If the attempts were yours, you can ignore this e-mail.';
  return {
    to,
    subject: 'Someone Is Trying to Sign In to Your Account',
    text: `${intro}\n\n${protectedNow}\n\n${noAction}\n\n${reset}\n${input.resetLink}\n\n${after}\n\n${siteName}\n`,
    html: htmlBody(
      siteName,
      'Someone is trying to sign in to your account',
      [intro, protectedNow, noAction, reset],
      input.resetLink,
      'Choose a new password',
      after,
    ),
  };
}
