// What a dispatch bay loads, on the station's header (DESIGN §15; docs/dispatch.md).
export default {
  loading: 'Loading {{number}}',
  pieces_one: '{{loaded}} of {{count}} piece',
  pieces_other: '{{loaded}} of {{count}} pieces',
  pallet: 'pallet {{sscc}}',
  closed: 'closed: scan the open consignment',
  incomplete: 'Incomplete:',
  unit: '{{order}} unit {{unit}} ({{loaded}}/{{total}})',
  more: '+{{n}} more',
};
