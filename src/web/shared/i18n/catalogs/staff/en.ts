// The staff app in English (converted so far: the frame and its menu; docs/languages.md).
export default {
  face: 'Staff',
  sign_in_title: 'Staff sign-in',
  new_install: 'New install with no admin yet? <a>Create the first admin</a>.',
  user: '{{name}} ({{role}})',
  role: { admin: 'admin', supervisor: 'supervisor' },
  nav: {
    orders: 'Orders',
    stations: 'Stations',
    returns: 'Returns',
    retailers: 'Retailers',
    integrations: 'Integrations',
    factory: 'Factory',
  },
};
