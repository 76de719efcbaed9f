/**
 * The request's form fields; an unreadable body (wrong type, cut off, not a form) reads
 * as an empty form, so the schema answers with its own "required" messages (a 400),
 * never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
