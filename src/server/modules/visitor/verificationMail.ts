import type { MailMessage } from '../../mail/mailer.ts';

interface MailText {
  subject: string;
  greeting: (name: string) => string;
  code: string;
  link: string;
  expires: (minutes: number) => string;
  ignore: string;
}

/**
 * The access-code email in the languages of the spec's one full catalogue set (section 9); any other language gets
 * English. Kept on the server (a handful of lines) rather than in the client's catalogs, which the server never loads.
 */
const TEXTS: Record<string, MailText> = {
  en: {
    subject: 'Your access code for {tour}',
    greeting: (n) => `Hello ${n},`,
    code: 'Your access code is:',
    link: 'Or open the tour directly with this link:',
    expires: (m) => `The code and the link work once and expire in ${m} minutes.`,
    ignore: 'If you did not ask for this, you can ignore this email.',
  },
  de: {
    subject: 'Ihr Zugangscode für {tour}',
    greeting: (n) => `Hallo ${n},`,
    code: 'Ihr Zugangscode lautet:',
    link: 'Oder öffnen Sie die Tour direkt über diesen Link:',
    expires: (m) => `Code und Link funktionieren einmal und verfallen in ${m} Minuten.`,
    ignore: 'Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  },
  fr: {
    subject: "Votre code d'accès pour {tour}",
    greeting: (n) => `Bonjour ${n},`,
    code: "Votre code d'accès est :",
    link: 'Ou ouvrez directement la visite avec ce lien :',
    expires: (m) => `Le code et le lien ne fonctionnent qu'une fois et expirent dans ${m} minutes.`,
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
  },
  es: {
    subject: 'Su código de acceso para {tour}',
    greeting: (n) => `Hola, ${n}:`,
    code: 'Su código de acceso es:',
    link: 'O abra el recorrido directamente con este enlace:',
    expires: (m) => `El código y el enlace funcionan una sola vez y caducan en ${m} minutos.`,
    ignore: 'Si no lo ha solicitado, puede ignorar este correo.',
  },
  nl: {
    subject: 'Uw toegangscode voor {tour}',
    greeting: (n) => `Hallo ${n},`,
    code: 'Uw toegangscode is:',
    link: 'Of open de tour direct met deze link:',
    expires: (m) => `De code en de link werken één keer en verlopen over ${m} minuten.`,
    ignore: 'Heeft u hier niet om gevraagd, dan kunt u deze e-mail negeren.',
  },
  ja: {
    subject: '{tour} のアクセスコード',
    greeting: (n) => `${n} 様`,
    code: 'アクセスコード：',
    link: 'または、次のリンクからツアーを直接開けます：',
    expires: (m) => `コードとリンクは一度だけ使え、${m} 分後に無効になります。`,
    ignore: 'お心当たりがない場合は、このメールを無視してください。',
  },
  ko: {
    subject: '{tour} 액세스 코드',
    greeting: (n) => `${n}님, 안녕하세요.`,
    code: '액세스 코드:',
    link: '또는 이 링크로 투어를 바로 여세요:',
    expires: (m) => `코드와 링크는 한 번만 사용할 수 있으며 ${m}분 후에 만료됩니다.`,
    ignore: '요청하지 않으셨다면 이 이메일을 무시하셔도 됩니다.',
  },
  'zh-CN': {
    subject: '{tour} 的访问码',
    greeting: (n) => `${n}，您好：`,
    code: '您的访问码是：',
    link: '或通过此链接直接打开导览：',
    expires: (m) => `访问码和链接只能使用一次，${m} 分钟后失效。`,
    ignore: '如果这不是您本人的请求，请忽略此邮件。',
  },
  'zh-TW': {
    subject: '{tour} 的存取碼',
    greeting: (n) => `${n}，您好：`,
    code: '您的存取碼是：',
    link: '或透過此連結直接開啟導覽：',
    expires: (m) => `存取碼和連結只能使用一次，${m} 分鐘後失效。`,
    ignore: '如果這不是您本人的請求，請忽略此郵件。',
  },
  ar: {
    subject: 'رمز الدخول إلى {tour}',
    greeting: (n) => `مرحبًا ${n}،`,
    code: 'رمز الدخول الخاص بك هو:',
    link: 'أو افتح الجولة مباشرة عبر هذا الرابط:',
    expires: (m) => `يعمل الرمز والرابط مرة واحدة وتنتهي صلاحيتهما خلال ${m} دقيقة.`,
    ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة.',
  },
};

export function mailTextFor(locale: string | null | undefined): MailText {
  const wanted = locale ?? 'en';
  return TEXTS[wanted] ?? TEXTS[wanted.split('-')[0] ?? ''] ?? TEXTS.en!;
}

export interface VerificationMailInput {
  to: string;
  name: string;
  tourName: string;
  code: string;
  link: string;
  minutes: number;
  locale: string | null | undefined;
}

/** Plain text only: the code must be readable in every client, and nothing in it needs markup. */
export function verificationMail(input: VerificationMailInput): MailMessage {
  const t = mailTextFor(input.locale);
  const text = [t.greeting(input.name), '', t.code, '', `    ${input.code}`, '', t.link, input.link, '', t.expires(input.minutes), '', t.ignore, ''].join('\n');
  return { to: input.to, subject: t.subject.replace('{tour}', input.tourName), text };
}
