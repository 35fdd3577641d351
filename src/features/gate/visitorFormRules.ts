import { GATE_MESSAGES, VisitorFormSchema, type VisitorForm, type VisitorFormField } from '../../protocol/visitor.ts';

/** The gate's catalog keys for section 5's messages (the schema speaks English; the form speaks the visitor's language). */
export type FormErrorKey = 'error.field-required' | 'error.invalid-email' | 'error.invalid-phone';

const KEY_BY_MESSAGE: Record<string, FormErrorKey> = {
  [GATE_MESSAGES.fieldRequired]: 'error.field-required',
  [GATE_MESSAGES.invalidEmail]: 'error.invalid-email',
  [GATE_MESSAGES.invalidPhone]: 'error.invalid-phone',
};

export const VISITOR_FORM_FIELDS: readonly VisitorFormField[] = ['firstName', 'lastName', 'email', 'phone', 'occupation', 'company'];

export const emptyVisitorForm = (): VisitorForm => ({ firstName: '', lastName: '', email: '', phone: '', occupation: '', company: '' });

/** The first problem of each field, checked by the same schema as the server; an empty object means the form is fine. */
export function visitorFormErrors(values: VisitorForm): Partial<Record<VisitorFormField, FormErrorKey>> {
  const parsed = VisitorFormSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<VisitorFormField, FormErrorKey>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as VisitorFormField;
    errors[field] ??= KEY_BY_MESSAGE[issue.message] ?? 'error.field-required';
  }
  return errors;
}
