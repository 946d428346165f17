// Aktualizacje na żywo w aplikacji dla personelu (src/web/staff/live), po polsku.
export default {
  down: 'Przerwano aktualizacje na żywo — ponowne łączenie… Dane na ekranie mogą być nieaktualne.',
};
