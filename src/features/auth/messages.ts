/**
 * The sign-in area's product copy. Texts quoted by the spec (part 1 §2, §4, §8) are verbatim;
 * field messages live in src/lib/validation.ts.
 */
import { PRODUCT_NAME } from '@/lib/config';

export const texts = {
  loginTitle: 'Sign in',
  loginButton: 'Sign in',
  forgotLink: 'Forgot password',
  forgotTitle: 'Forgot password',
  sendEmail: 'Send Email',
  emailSentTitle: 'Email has been sent',
  resendEmail: 'Resend Email',
  backToLogin: 'Back to Login',
  sendNewCode: 'Send a new code',
  setPasswordTitle: 'Set Password',
  welcomeTitle: `Welcome to ${PRODUCT_NAME}`,
  setPasswordButton: 'Set Password',
  resetPasswordButton: 'Reset Password',
  signUp: 'Sign Up',
  checkingLink: 'Checking your registration link…',
  checkingSignInLink: 'Signing you in with the link from your email…',
} as const;

export const toasts = {
  loginSuccessful: 'Login Successful',
  logoutSuccessful: 'Logout Successful',
  emailSent: { header: 'Email Sent', body: 'An email has been sent to your email address.' },
  passwordReset: { header: 'Password Reset', body: 'Your password has been reset successfully.' },
  passwordSet: { header: 'Password Set', body: 'Your password has been set successfully.' },
  redirected: 'You have been redirected to Dashboard.',
} as const;
