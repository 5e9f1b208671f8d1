import { Link } from 'react-router';

export interface AcoesFormularioProps {
  /** The page "Cancelar" leads back to, leaving the form unsaved. */
  cancelarPara: string;
  /** While the save is under way the button is disabled (no second submission). */
  salvando: boolean;
}

/** The foot of an administration form: "Cancelar" back to its list, "Salvar" submitting it. */
export function AcoesFormulario({ cancelarPara, salvando }: AcoesFormularioProps) {
  return (
    <div className="form-actions">
      <Link className="br-button secondary" to={cancelarPara}>
        Cancelar
      </Link>
      <div className="form-actions-forward">
        <button type="submit" className="br-button primary" disabled={salvando}>
          Salvar
        </button>
      </div>
    </div>
  );
}
