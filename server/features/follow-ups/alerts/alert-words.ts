import type { SurveyQuestion } from '../../../../src/domain/survey';

/** The languages a staff member may get their emails in (`staff.language`): English unless they chose Spanish. */
export const MAIL_LANGUAGES = ['en', 'es'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** A stored language as one we write in: anything else is English, the default. */
export const mailLanguage = (value: string | null | undefined): MailLanguage => (value === 'es' ? 'es' : 'en');

/**
 * An instant in words on a site's clock, its zone named (decision 046): "Monday 30 November, 6:03 AM PST", "lunes
 * 30 de noviembre, 6:03 a.m. PST". The US Spanish locale names US zones by the same abbreviations as English.
 */
export function dueInWords(at: Date, timeZone: string, language: MailLanguage): string {
  const locale = language === 'es' ? 'es-US' : 'en-US';
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(at);
  const weekday = part({ weekday: 'long' });
  const day = part({ day: 'numeric' });
  const month = part({ month: 'long' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
    .format(at)
    // ICU writes a narrow no-break space before "AM": a plain one reads the same in every mail client.
    .replace(/[\u202f\u00a0]/g, ' ');
  return language === 'es' ? `${weekday} ${day} de ${month}, ${time}` : `${weekday} ${day} ${month}, ${time}`;
}

/** What an alert email says, in each language; `{site}`, `{due}` and the like are filled in by alert-mail.ts. */
export interface AlertWords {
  scoreLabels: Record<SurveyQuestion, string>;
  notAnswered: string;
  rated: (score: number) => string;
  /** A case a member's text opened (decision 045): no scores to tell, and their words stay behind the sign-in. */
  texted: string;
  textedOpening: (site: string, due: string) => string;
  textOnCasePage: string;
  openedOpening: (site: string, due: string) => string;
  overdueOpening: (site: string, due: string) => string;
  openedSummary: (site: string, rated: string, due: string) => string;
  overdueSummary: (site: string, rated: string, due: string) => string;
  openedSubject: (site: string, rated: string) => string;
  overdueSubject: (site: string, rated: string) => string;
  openCase: string;
  openCaseNumber: (n: number) => string;
  comment: string;
  noComment: string;
  digestSubject: (opened: number, overdue: number) => string;
  digestIntro: (cases: number) => string;
  digestHeading: (n: number, of: number, site: string) => string;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const ENGLISH: AlertWords = {
  scoreLabels: {
    recommendToOthersScore: 'Recommend to others',
    washQualityScore: 'Wash quality',
    cleanlinessScore: 'Cleanliness',
    serviceScore: 'Service',
    valueScore: 'Value',
  },
  notAnswered: 'not answered',
  rated: (score) => `a member rated ${score}/10`,
  texted: 'a member texted us',
  textedOpening: (site, due) => `A member of ${site} texted us. Please contact them by ${due}.`,
  textOnCasePage: 'Their text is on the case page.',
  openedOpening: (site, due) =>
    `A member of ${site} answered the survey as a detractor. Please contact them by ${due}.`,
  overdueOpening: (site, due) =>
    `A follow-up case at ${site} is still open past its due time (${due}): nobody has contacted the member yet.`,
  openedSummary: (site, rated, due) => `New at ${site}: ${rated}. Please contact them by ${due}.`,
  overdueSummary: (site, rated, due) => `Overdue at ${site}: ${rated}, due ${due}; nobody has contacted them yet.`,
  openedSubject: (site, rated) => `Follow-up needed at ${site}: ${rated}`,
  overdueSubject: (site, rated) => `Overdue follow-up at ${site}: ${rated}`,
  openCase: 'Open the case',
  openCaseNumber: (n) => `Open case ${n}`,
  comment: 'Comment:',
  noComment: 'Comment: (none)',
  digestSubject: (opened, overdue) =>
    `Follow-ups needed: ${[
      ...(opened ? [counted(opened, 'new case', 'new cases')] : []),
      ...(overdue ? [opened ? `${overdue} overdue` : counted(overdue, 'overdue case', 'overdue cases')] : []),
    ].join(' and ')}`,
  digestIntro: (cases) =>
    `${counted(cases, 'follow-up case', 'follow-up cases')} came up since your last alert email. Each links to its case; the members' comments follow the list.`,
  digestHeading: (n, of, site) => `Case ${n} of ${of}, at ${site}`,
};

const SPANISH: AlertWords = {
  scoreLabels: {
    recommendToOthersScore: 'Lo recomendaría',
    washQualityScore: 'Calidad del lavado',
    cleanlinessScore: 'Limpieza',
    serviceScore: 'Atención',
    valueScore: 'Relación calidad-precio',
  },
  notAnswered: 'sin respuesta',
  rated: (score) => `un miembro puso ${score}/10`,
  texted: 'un miembro nos escribió',
  textedOpening: (site, due) => `Un miembro de ${site} nos escribió. Contáctelo antes del ${due}.`,
  textOnCasePage: 'Su mensaje está en la página del caso.',
  openedOpening: (site, due) =>
    `Un miembro de ${site} respondió la encuesta como detractor. Contáctelo antes del ${due}.`,
  overdueOpening: (site, due) =>
    `Un caso de seguimiento en ${site} sigue abierto después de su plazo (${due}): nadie ha contactado aún al miembro.`,
  openedSummary: (site, rated, due) => `Nuevo en ${site}: ${rated}. Contáctelo antes del ${due}.`,
  overdueSummary: (site, rated, due) => `Vencido en ${site}: ${rated}, plazo ${due}; nadie lo ha contactado aún.`,
  openedSubject: (site, rated) => `Seguimiento necesario en ${site}: ${rated}`,
  overdueSubject: (site, rated) => `Seguimiento vencido en ${site}: ${rated}`,
  openCase: 'Abrir el caso',
  openCaseNumber: (n) => `Abrir el caso ${n}`,
  comment: 'Comentario:',
  noComment: 'Comentario: (ninguno)',
  digestSubject: (opened, overdue) =>
    `Seguimientos necesarios: ${[
      ...(opened ? [counted(opened, 'caso nuevo', 'casos nuevos')] : []),
      ...(overdue ? [counted(overdue, 'caso vencido', 'casos vencidos')] : []),
    ].join(' y ')}`,
  digestIntro: (cases) =>
    `${counted(cases, 'caso de seguimiento', 'casos de seguimiento')} desde su último correo de alerta. Cada uno enlaza a su caso; los comentarios de los miembros siguen a la lista.`,
  digestHeading: (n, of, site) => `Caso ${n} de ${of}, en ${site}`,
};

export const ALERT_WORDS: Record<MailLanguage, AlertWords> = { en: ENGLISH, es: SPANISH };
