import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';

/**
 * react-hook-form's useForm for the forms with an error summary (GOV.UK pattern): on a failed submit the summary
 * takes the focus, so the form must not move it to the first invalid field as well (they would race, and the
 * screen reader would not hear the summary).
 */
export function useFormulario<T extends FieldValues, C = unknown, S = T>(props: UseFormProps<T, C, S> = {}): UseFormReturn<T, C, S> {
  return useForm<T, C, S>({ ...props, shouldFocusError: false });
}
