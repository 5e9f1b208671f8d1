import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { errosNosCampos, type PathError } from './form-errors';

/** What `useFormulario` adds to react-hook-form's form. */
export interface Formulario<T extends FieldValues, C = unknown, S = T> extends UseFormReturn<T, C, S> {
  /**
   * Shows a failed call's field errors (the envelope's `erros`, 'campo: mensagem') at their fields, through the
   * form's own errors (so the inline message and the error summary show them); answers the entries that name no
   * field of this form, for the caller to show as a whole.
   */
  mostrarErrosDoServidor(error: unknown): PathError[];
}

/**
 * react-hook-form's useForm for the forms with an error summary (GOV.UK pattern): on a failed submit the summary
 * takes the focus, so the form must not move it to the first invalid field as well (they would race, and the
 * screen reader would not hear the summary). Every form shows the server's field errors the same way
 * (`mostrarErrosDoServidor`).
 */
export function useFormulario<T extends FieldValues, C = unknown, S = T>(props: UseFormProps<T, C, S> = {}): Formulario<T, C, S> {
  const form = useForm<T, C, S>({ ...props, shouldFocusError: false });
  return Object.assign(form, {
    mostrarErrosDoServidor: (error: unknown) => errosNosCampos(form.getValues(), (path, message) => {
      form.setError(path as Path<T>, { type: 'server', message });
    }, error),
  });
}
