import orders from './orders/pl.js';
import ui from './ui/pl.js';

export default {
  ui,
  shell: { main: 'Menu główne', sign_out: 'Wyloguj', language: 'Język' },
  sign_in: {
    email: 'E-mail',
    password: 'Hasło',
    signing_in: 'Logowanie…',
    sign_in: 'Zaloguj',
    ended: 'Sesja wygasła. Zaloguj się ponownie.',
  },
  orders,
  never: 'nigdy',
};
