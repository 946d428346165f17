// Tablica hali (src/web/board) po polsku.
export default {
  title: 'Dziś na hali',
  down: 'Brak połączenia — ponowne łączenie…',
  today: 'Dziś',
  produced: 'Wyprodukowano',
  stocked: 'Zmagazynowano',
  dispatched: 'Wysłano',
  stuck: 'Utknięte zamówienia',
  last_hour: 'Stanowiska w ostatniej godzinie',
  wip: 'Zamówienia w toku',
  none: 'Brak',
  no_scans: 'Brak skanów w ostatniej godzinie',
  stuck_reason: {
    partially_dispatched: 'Częściowo wysłane',
    waiting_since: 'Wyprodukowane, niewysłane',
    other: 'Utknięte',
  },
  printers: 'Drukarki wymagające uwagi',
  sign_in_title: 'Tablica hali — logowanie',
  pair_instead: 'Albo <a>sparuj ten ekran jako tablicę</a> kodem z rolą Tablica.',
  pair_title: 'Sparuj ten ekran jako tablicę',
  pair_how: 'Kierownik wydaje kod parowania z rolą Tablica (Stanowiska → Sparuj nowe stanowisko).',
  code: 'Kod parowania',
  pairing: 'Parowanie…',
  pair: 'Sparuj jako tablicę',
  not_a_board:
    'Ten kod sparował stanowisko ({{role}}), a nie tablicę: usuń „{{name}}” w Stanowiskach i wydaj kod z rolą Tablica.',
};
