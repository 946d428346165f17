// Pagina Rapoarte a aplicației pentru personal (src/web/staff/reports), în română.
export default {
  title: 'Rapoarte',
  sub: 'Din registrul de scanări; se actualizează pe loc',
  per_hour: 'Scanări pe oră, ultimele 24 de ore',
  cycle_times: 'Timpi de ciclu pe piesă, ultimele 30 de zile',
  loading: 'Se încarcă…',
  none_moved: 'Nicio piesă nu a avansat în ultimele 30 de zile',
  stage: 'Etapă',
  pieces: 'Piese',
  median: 'Mediana',
  p90: '90 % în cel mult',
  stages: {
    produce_to_stock: 'Produsă → în stoc',
    stock_to_dispatch: 'În stoc → expediată',
    produce_to_dispatch: 'Produsă → expediată',
  },
  series: {
    produce: 'Produse',
    stock: 'Intrate în stoc',
    dispatch: 'Expediate',
    refused: 'Refuzate',
  },
  minutes: '{{m}} min',
  hours: '{{h}} h {{m}} min',
  days: '{{d}} z {{h}} h',
  chart: 'Scanări pe oră, pe tipuri',
  axis: 'scanări pe oră',
};
