import type { Language } from '../../../../src/domain/language';

/**
 * The texts of decision 053, beside the code's (sms-text.ts): each names who sends it, carries its link and ends with
 * the opt-out line carriers expect, in the words keyword-replies.ts uses for each language. A code's reminder is in
 * English, as the code's text is; an invitation and its reminder are in the member's language. The English texts
 * keep to the GSM-7 alphabet (a comma, not a dash, between operator and site): one character outside it makes the
 * carrier send the whole text in UCS-2, at 70 characters a segment instead of 160, and each segment is paid for.
 */
interface InvitationTextValues {
  operator: string;
  site: string;
  link: string;
}

/** The code's one reminder: the same link, saying it is a reminder. */
export const codeReminderText = (values: { operator: string; link: string }): string =>
  `${values.operator}: a reminder to finish your membership profile: ${values.link} Reply STOP to opt out.`;

const INVITATION_TEXTS: Record<Language, (values: InvitationTextValues) => string> = {
  en: (v) => `${v.operator}, ${v.site}: thanks for your visit! How did we do? ${v.link} Reply STOP to opt out.`,
  es: (v) =>
    `${v.operator}, ${v.site}: ¡gracias por su visita! ¿Qué tal lo hicimos? ${v.link} ` +
    'Responda PARAR para no recibir más mensajes.',
};

const INVITATION_REMINDER_TEXTS: Record<Language, (values: InvitationTextValues) => string> = {
  en: (v) => `${v.operator}, ${v.site}: a reminder: how did we do on your visit? ${v.link} Reply STOP to opt out.`,
  es: (v) =>
    `${v.operator}, ${v.site}: un recordatorio: ¿qué tal lo hicimos en su visita? ${v.link} ` +
    'Responda PARAR para no recibir más mensajes.',
};

/** The invitation after a visit, in the member's language. */
export const invitationText = (language: Language, values: InvitationTextValues): string =>
  INVITATION_TEXTS[language](values);

/** The invitation's one reminder, in the member's language. */
export const invitationReminderText = (language: Language, values: InvitationTextValues): string =>
  INVITATION_REMINDER_TEXTS[language](values);
