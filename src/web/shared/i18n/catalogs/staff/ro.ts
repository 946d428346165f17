export default {
  face: 'Personal',
  sign_in_title: 'Conectare personal',
  new_install: 'Instalare nouă, fără administrator? <a>Creați primul administrator</a>.',
  user: '{{name}} ({{role}})',
  role: { admin: 'administrator', supervisor: 'supervizor' },
  nav: {
    orders: 'Comenzi',
    stations: 'Posturi',
    returns: 'Retururi',
    retailers: 'Comercianți',
    integrations: 'Integrări',
    factory: 'Fabrica',
  },
};
