/** The dialog library is loaded on first use, keeping it out of the initial bundle. */
async function loadSwal() {
  const [{ default: Swal }] = await Promise.all([
    import('sweetalert2/dist/sweetalert2.esm.js'),
    import('sweetalert2/dist/sweetalert2.min.css'),
  ]);
  return Swal;
}

export interface ConfirmOptions {
  title?: string;
  text?: string;
  confirmButtonText?: string;
  cancelButtonText?: string;
}

/** The specification's defaults for a confirmation (spec point 5). */
export const CONFIRM_DEFAULTS = {
  title: 'Tem certeza?',
  text: 'Você não será capaz de reverter esta ação!',
  confirmButtonText: 'Sim, continuar.',
  cancelButtonText: 'Cancelar',
} as const satisfies Required<ConfirmOptions>;

/** Asks the user to confirm an action; resolves true only when the confirm button was chosen. */
export async function confirmar(options: ConfirmOptions = {}): Promise<boolean> {
  const o = { ...CONFIRM_DEFAULTS, ...options };
  const Swal = await loadSwal();
  const result = await Swal.fire({
    title: o.title,
    text: o.text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: o.confirmButtonText,
    cancelButtonText: o.cancelButtonText,
    reverseButtons: true,
    focusCancel: true,
    buttonsStyling: false,
    customClass: {
      confirmButton: 'br-button primary',
      cancelButton: 'br-button secondary',
    },
  });
  return result.isConfirmed;
}
