import { USER_ERRORS } from './errors.ts';

/**
 * Passwords that head every published list of breached passwords (the most common of the
 * "10k most common" and "top 200 of 2025" lists, lower-cased). A new password equal to one of them,
 * ignoring case and surrounding spaces, is refused: attackers try these first, on every account.
 */
const LIST = `
123456 password 123456789 12345678 12345 qwerty 1234567 111111 1234567890 123123 abc123 1234 password1
iloveyou 1q2w3e4r 000000 qwerty123 zaq12wsx dragon sunshine princess letmein 654321 monkey 27653 1qaz2wsx
123321 qwertyuiop superman asdfghjkl trustno1 football baseball welcome master shadow michael jordan
123qwe 1q2w3e 121212 666666 7777777 888888 987654321 qazwsx passw0rd password123 p@ssw0rd admin admin123
administrator root toor login welcome1 welcome123 hello123 hello hello1 charlie freedom whatever
qwerty1 ashley mustang access batman starwars 696969 computer killer jennifer hunter ranger buster
soccer harley hockey george thomas daniel andrew michelle jessica pepper summer internet tigger
secret secret123 changeme changeme123 default guest test test123 testing 11111111 00000000 12341234
112233 159753 147258369 123654 555555 999999 222222 333333 444444 aaaaaa abcdef abcd1234 abcdefg
a123456 a12345 q1w2e3r4 q1w2e3r4t5 1qazxsw2 asdfgh asdf1234 zxcvbn zxcvbnm qazwsxedc 1234qwer
qwer1234 iloveyou1 lovely loveme love123 babygirl baby123 angel angel1 princess1 flower sunshine1
monkey1 dragon1 football1 letmein1 master1 shadow1 superman1 batman1 pokemon naruto starwars1
minecraft fortnite roblox 123abc abc12345 password12 password01 passwort motdepasse contrasena
buildbid buildbid123 bahamas nassau
`;

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** Refuses a new password from the list of the most common ones (400 PASSWORD_TOO_COMMON). */
export function checkNotCommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw USER_ERRORS.PASSWORD_TOO_COMMON(
      'This password is too common. Choose one that is harder to guess.',
      'password',
    );
  }
}
