import { toast } from 'sonner';
/** Spec sections 5 and 8, word for word. */
export const messages = {
  signInFailed: 'Sign In Failed',
  welcomeBack: ['Welcome back!', 'You have successfully signed in.'],
  signUpFailed: 'Sign Up Failed',
  accountCreated: ['Account Created!', 'Please check your email to verify your account.'],
  passwordMismatch: ['Password Mismatch', 'Passwords do not match.'],
  passwordTooShort: ['Password Too Short', 'Password must be at least 6 characters long.'],
  emailRequired: ['Email Required', 'Please enter your email address.'],
  resetFailed: 'Reset Failed',
  resetSent: ['Reset Email Sent', 'Check your email for password reset instructions.'],
  unexpected: ['Error', 'An unexpected error occurred.'],
  invalidToken: ['Invalid Token', 'No valid reset token found.'],
  updateFailed: 'Update Failed',
  updateFailedDefault: 'Failed to update password. The reset link may be invalid or expired.',
  passwordUpdated: [
    'Password Updated',
    'Your password has been successfully updated. You can now sign in with your new password.',
  ],
  unexpectedRetry: 'An unexpected error occurred. Please try again.',
  invalidLink: ['Invalid Reset Link', 'This password reset link is invalid or missing required information.'],
} as const;

export const minimumPasswordLength = 6;

/** Spec section 5: passwords must match and have at least 6 characters; says which failed, as a toast. */
export function newPasswordIsValid(password: string, confirmation: string): boolean {
  if (password !== confirmation) {
    toast.error(messages.passwordMismatch[0], { description: messages.passwordMismatch[1] });
    return false;
  }
  if (password.length < minimumPasswordLength) {
    toast.error(messages.passwordTooShort[0], { description: messages.passwordTooShort[1] });
    return false;
  }
  return true;
}
