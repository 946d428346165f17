// Ce încarcă postul de expediere, în antetul postului (DESIGN §15; docs/dispatch.md).
export default {
  loading: 'Încărcare {{number}}',
  pieces_one: '{{loaded}} din {{count}} piesă',
  pieces_few: '{{loaded}} din {{count}} piese',
  pieces_other: '{{loaded}} din {{count}} de piese',
  pallet: 'palet {{sscc}}',
  closed: 'închisă: scanați expediția deschisă',
  incomplete: 'Unități incomplete:',
  unit: '{{order}} unitatea {{unit}} ({{loaded}}/{{total}})',
  more: 'încă {{n}}',
};
