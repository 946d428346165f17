// Strona Raporty aplikacji dla personelu (src/web/staff/reports), po polsku.
export default {
  title: 'Raporty',
  sub: 'Z rejestru skanów; aktualizowane na bieżąco',
  per_hour: 'Skany na godzinę, ostatnie 24 godziny',
  cycle_times: 'Czasy cyklu na element, ostatnie 30 dni',
  loading: 'Wczytywanie…',
  none_moved: 'Żaden element nie przeszedł dalej w ostatnich 30 dniach',
  stage: 'Etap',
  pieces: 'Elementy',
  median: 'Mediana',
  p90: '90 % w czasie',
  stages: {
    produce_to_stock: 'Wyprodukowano → na magazynie',
    stock_to_dispatch: 'Na magazynie → wysłano',
    produce_to_dispatch: 'Wyprodukowano → wysłano',
  },
  series: {
    produce: 'Wyprodukowane',
    stock: 'Przyjęte na magazyn',
    dispatch: 'Wysłane',
    refused: 'Odrzucone',
  },
  minutes: '{{m}} min',
  hours: '{{h}} godz. {{m}} min',
  days: '{{d}} dn. {{h}} godz.',
  chart: 'Skany na godzinę według rodzaju',
  axis: 'skany na godzinę',
};
