// What the staff app and the portal share: the frame, sign-in, the language menu.
import orders from './orders/en.js';
import ui from './ui/en.js';

export default {
  ui,
  shell: { main: 'Main', sign_out: 'Sign out', language: 'Language' },
  sign_in: {
    email: 'Email',
    password: 'Password',
    signing_in: 'Signing in…',
    sign_in: 'Sign in',
    ended: 'Your session has ended. Sign in again.',
  },
  orders,
  never: 'never',
};
