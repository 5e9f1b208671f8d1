import { useController, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { fieldId } from '../../components/form/form-errors';
import { SelectField } from '../../components/form/select-field';
import { useMunicipios } from './use-solicitacao';
import { OPCOES_UF } from './valores';

/**
 * A state select followed by the select of that state's municipalities (GET /api/municipios/uf/{UF}, cached).
 * Choosing another state clears the municipality.
 */
export function CampoUfMunicipio<T extends FieldValues, S = T>({
  control,
  nomeUf,
  nomeMunicipio,
  idUf,
  rotuloUf = 'UF',
  rotuloMunicipio = 'Município',
  describedBy,
  className = 'col-12 col-md-6',
}: {
  control: Control<T, unknown, S>;
  nomeUf: Path<T>;
  nomeMunicipio: Path<T>;
  idUf?: string;
  rotuloUf?: string;
  rotuloMunicipio?: string;
  /** a message about the group both selects belong to */
  describedBy?: string | undefined;
  className?: string;
}) {
  const {
    field: { ref: ufRef, value: ufValor, onChange: ufMudou, onBlur: ufSaiu },
    fieldState: ufEstado,
  } = useController({ control, name: nomeUf });
  const {
    field: { ref: municipioRef, value: municipioValor, onChange: municipioMudou, onBlur: municipioSaiu },
    fieldState: municipioEstado,
  } = useController({ control, name: nomeMunicipio });
  const sigla = (useWatch({ control, name: nomeUf }) as string | undefined) ?? '';
  const municipios = useMunicipios(sigla);
  const opcoes = (municipios.data ?? []).map((m) => ({ value: String(m.id), label: m.nome }));
  let placeholder = 'Selecione';
  if (!sigla) placeholder = `Selecione primeiro a ${rotuloUf}`;
  else if (municipios.isPending) placeholder = 'Carregando municípios…';
  else if (municipios.isError) placeholder = 'Não foi possível carregar os municípios';

  return (
    <>
      <div className={className}>
        <SelectField
          id={idUf ?? fieldId(nomeUf)}
          name={nomeUf}
          label={rotuloUf}
          options={OPCOES_UF}
          ref={ufRef}
          value={(ufValor as string | undefined) ?? ''}
          onChange={(v) => {
            ufMudou(v);
            municipioMudou('');
          }}
          onBlur={ufSaiu}
          error={ufEstado.error?.message}
          describedBy={describedBy}
        />
      </div>
      <div className={className}>
        <SelectField
          id={fieldId(nomeMunicipio)}
          name={nomeMunicipio}
          label={rotuloMunicipio}
          options={opcoes}
          placeholder={placeholder}
          ref={municipioRef}
          value={(municipioValor as string | undefined) ?? ''}
          onChange={municipioMudou}
          onBlur={municipioSaiu}
          error={municipioEstado.error?.message}
          describedBy={describedBy}
        />
      </div>
    </>
  );
}
