export default {
  title: 'Creați primul administrator',
  intro:
    'Un factoryd nou are o cheie API, dar nimeni care să se poată conecta. La prima pornire a scris cheia în <0>initial-api-key</0> din directorul de date (a spus unde). Lipiți-o aici pentru a crea un administrator; cheia este folosită o dată și nu este păstrată de această pagină.',
  key: 'Cheie API',
  key_invalid: 'Această cheie API nu este validă. Copiați-o din nou din fișierul initial-api-key.',
  factory: 'Numele fabricii',
  factory_hint: 'Așa o văd comercianții în portal; restul datelor sunt pe pagina Companie.',
  name: 'Numele dumneavoastră',
  email: 'E-mail',
  password: 'Parolă',
  password_hint: 'Cel puțin 10 caractere.',
  creating: 'Se creează…',
  create: 'Creare administrator și conectare',
  footer:
    'Aveți deja un cont? <0>Conectați-vă</0>. Pe server puteți rula și <1>factoryd staff add --role admin</1>.',
};
