export default {
  title: 'Utwórz pierwszego administratora',
  intro:
    'Nowy factoryd ma klucz API, ale nikogo, kto mógłby się zalogować. Przy pierwszym uruchomieniu zapisał klucz w pliku <0>initial-api-key</0> w katalogu danych (podał, gdzie). Wklej go tutaj, aby utworzyć administratora; klucz zostanie użyty raz i ta strona go nie zachowa.',
  key: 'Klucz API',
  key_invalid: 'Ten klucz API jest nieprawidłowy. Skopiuj go ponownie z pliku initial-api-key.',
  factory: 'Nazwa fabryki',
  factory_hint: 'Tak zobaczą ją sprzedawcy w portalu; resztę danych zawiera strona Firma.',
  name: 'Imię i nazwisko',
  email: 'E-mail',
  password: 'Hasło',
  password_hint: 'Co najmniej 10 znaków.',
  creating: 'Tworzenie…',
  create: 'Utwórz administratora i zaloguj',
  footer:
    'Masz już konto? <0>Zaloguj się</0>. Na serwerze możesz też uruchomić <1>factoryd staff add --role admin</1>.',
};
