// Who may do what (src/web/staff/access): loading the account, and a page closed to the user.
export default {
  no_account: 'Could not load your account.',
  loading: 'Loading…',
  not_available: 'Not available to you',
  ask: 'Ask an admin if you need this.',
  only: {
    create_orders: 'Only an admin can create orders.',
    upload_orders: 'Only an admin can upload orders.',
    company: "Only an admin can see and change the company's details.",
    staff: 'Only an admin can manage staff users.',
    sso: 'Only an admin can set up single sign-on.',
    keys: 'Only an admin can manage API keys and webhooks.',
    audit: 'Only an admin can read the audit trail.',
    page: 'Only an admin can open this page.',
  },
};
