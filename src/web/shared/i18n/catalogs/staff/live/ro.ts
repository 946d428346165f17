// Actualizările în timp real ale aplicației pentru personal (src/web/staff/live), în română.
export default {
  down: 'Actualizările în timp real s-au întrerupt — reconectare… Cifrele de pe ecran pot fi depășite.',
};
