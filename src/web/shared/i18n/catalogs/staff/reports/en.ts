// The staff app's Reports page (src/web/staff/reports), in English.
export default {
  title: 'Reports',
  sub: 'From the scan ledger; follows scans as they arrive',
  per_hour: 'Scans per hour, last 24 hours',
  cycle_times: 'Cycle times per piece, last 30 days',
  loading: 'Loading…',
  none_moved: 'No piece has moved on in the last 30 days',
  stage: 'Stage',
  pieces: 'Pieces',
  median: 'Median',
  p90: '90 % within',
  stages: {
    produce_to_stock: 'Produced → in stock',
    stock_to_dispatch: 'In stock → dispatched',
    produce_to_dispatch: 'Produced → dispatched',
  },
  series: {
    produce: 'Produced',
    stock: 'Stocked',
    dispatch: 'Dispatched',
    refused: 'Refused',
  },
  minutes: '{{m}} min',
  hours: '{{h}} h {{m}} min',
  days: '{{d}} d {{h}} h',
  chart: 'Scans per hour by kind',
  axis: 'scans per hour',
};
