// The contact form's native constraints before Zod loads (ADR 0025), as Conform derives
// them from `ContactInputSchema` (a test keeps them equal).
export const CONTACT_FORM_CONSTRAINTS = {
  name: { required: true },
  email: { required: true },
  subject: { required: true },
  message: { required: true },
};
