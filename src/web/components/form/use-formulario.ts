import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { errosNosCampos, type PathError } from './form-errors';

/** What `useFormulario` adds to react-hook-form's form. */
export interface Formulario<T extends FieldValues, C = unknown, S = T> extends UseFormReturn<T, C, S> {
  /** Through the form's own errors, so the inline message and the summary show them; answers the entries of no field. */
  mostrarErrosDoServidor(error: unknown): PathError[];
}

/**
 * useForm for the forms with an error summary: the summary takes the focus on a failed submit, so the form must not
 * move it too, or they race and the screen reader misses the summary.
 */
export function useFormulario<T extends FieldValues, C = unknown, S = T>(props: UseFormProps<T, C, S> = {}): Formulario<T, C, S> {
  const form = useForm<T, C, S>({ ...props, shouldFocusError: false });
  return Object.assign(form, {
    mostrarErrosDoServidor: (error: unknown) => errosNosCampos(form.getValues(), (path, message) => {
      form.setError(path as Path<T>, { type: 'server', message });
    }, error),
  });
}
