// Co ładuje stanowisko wysyłki, w nagłówku stanowiska (DESIGN §15; docs/dispatch.md).
export default {
  loading: 'Ładowanie {{number}}',
  pieces_one: '{{loaded}} z {{count}} elementu',
  pieces_few: '{{loaded}} z {{count}} elementów',
  pieces_many: '{{loaded}} z {{count}} elementów',
  pieces_other: '{{loaded}} z {{count}} elementu',
  pallet: 'paleta {{sscc}}',
  closed: 'zamknięta: zeskanuj otwartą wysyłkę',
  incomplete: 'Niekompletne:',
  unit: '{{order}} jedn. {{unit}} ({{loaded}}/{{total}})',
  more: 'i {{n}} więcej',
};
