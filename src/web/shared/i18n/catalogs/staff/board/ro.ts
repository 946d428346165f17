// Panoul halei (src/web/board) în română.
export default {
  title: 'Astăzi în hală',
  down: 'Fără conexiune — se reconectează…',
  today: 'Astăzi',
  produced: 'Produse',
  stocked: 'Stocate',
  dispatched: 'Expediate',
  stuck: 'Comenzi blocate',
  stuck_tile: 'Comenzi blocate',
  last_hour: 'Ultima oră pe posturi',
  wip: 'Comenzi în lucru',
  none: 'Niciuna',
  no_scans: 'Nicio scanare în ultima oră',
  stuck_reason: {
    partially_dispatched: 'Expediată parțial',
    waiting_since: 'Produsă, neexpediată',
    other: 'Blocată',
  },
  printers: 'Imprimante care necesită atenție',
  sign_in_title: 'Panoul halei — conectare',
  pair_instead: 'Sau <a>asociați acest ecran ca panou</a>, folosind un cod cu rolul Panou.',
  pair_title: 'Asociați acest ecran ca panou',
  pair_how:
    'Un supervizor emite un cod de asociere cu rolul Panou (Posturi → Asociați un post nou).',
  code: 'Cod de asociere',
  pairing: 'Se asociază…',
  pair: 'Asociați ca panou',
  not_a_board:
    'Codul a asociat un post ({{role}}), nu un panou: ștergeți „{{name}}” din Posturi și emiteți un cod cu rolul Panou.',
};
