import orders from './orders/ro.js';
import ui from './ui/ro.js';

export default {
  ui,
  shell: { main: 'Meniu principal', sign_out: 'Deconectare', language: 'Limba' },
  sign_in: {
    email: 'E-mail',
    password: 'Parolă',
    signing_in: 'Se conectează…',
    sign_in: 'Conectare',
    ended: 'Sesiunea s-a încheiat. Conectați-vă din nou.',
  },
  orders,
  never: 'niciodată',
};
