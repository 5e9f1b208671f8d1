import type { ReactNode } from 'react';
import { rotuloCampo, VALOR_DETALHE_LABEL } from '../../../shared/auditoria-rotulos';
import { formatCpf } from '../../../shared/cpf';
import { formatarData, formatarDataHora } from '../../../shared/datas';
import { categoriaLabel, perfilLabel, sexoLabel, type Categoria, type Perfil, type Sexo } from '../../../shared/enums';

/** An audit event's details as a person reads them (decision 0046): labelled fields, never the raw JSON. */

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

const NUMERO = new Intl.NumberFormat('pt-BR');
const DATA = /^\d{4}-\d{2}-\d{2}$/;
const INSTANTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const CAMPOS_CPF = new Set(['cpf', 'cpfAtor', 'cpfPescador', 'cpfSolicitante']);
/** Counts get thousands separators; numbers of records and years do not. */
const CONTAGENS = new Set([
  'total', 'linhas', 'linhasExibidas', 'bytes', 'resultados', 'encontrados', 'arquivos', 'documentosAtivos', 'apagados', 'recentes', 'pendentes',
]);

const CODIGOS: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  tipoUsuario: perfilLabel as Record<Perfil, string>,
  sexo: sexoLabel as Record<Sexo, string>,
  categoria: categoriaLabel as Record<Categoria, string>,
};

function primitivo(campo: string, v: string | number | boolean | null): string {
  if (v === null || v === '') return 'não informado';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'number') return CODIGOS[campo]?.[v] ?? (CONTAGENS.has(campo) ? NUMERO.format(v) : String(v));
  const rotulo = VALOR_DETALHE_LABEL[campo]?.[v];
  if (rotulo) return rotulo;
  if (CAMPOS_CPF.has(campo) && /^\d{11}$/.test(v)) return formatCpf(v);
  if (DATA.test(v)) return formatarData(v);
  if (INSTANTE.test(v) && !Number.isNaN(Date.parse(v))) return formatarDataHora(v);
  return v;
}

const ehPrimitivo = (v: Json): v is string | number | boolean | null => v === null || typeof v !== 'object';

function Valor({ campo, valor }: { campo: string; valor: Json }): ReactNode {
  if (ehPrimitivo(valor)) return primitivo(campo, valor);
  if (Array.isArray(valor)) {
    if (valor.length === 0) return 'nenhum';
    if (valor.every(ehPrimitivo)) return valor.map((v) => primitivo(campo, v)).join(', ');
    return (
      <ol className="auditoria-lista">
        {valor.map((v, i) => <li key={i}><Valor campo={campo} valor={v} /></li>)}
      </ol>
    );
  }
  return <Definicoes objeto={valor} />;
}

function Definicoes({ objeto }: { objeto: { [k: string]: Json } }) {
  const campos = Object.entries(objeto);
  if (campos.length === 0) return <>nenhum</>;
  return (
    <dl className="auditoria-dl">
      {campos.map(([campo, valor]) => (
        <div key={campo} className={ehPrimitivo(valor) || (Array.isArray(valor) && valor.every(ehPrimitivo)) ? undefined : 'auditoria-dl-grupo'}>
          <dt>{rotuloCampo(campo)}</dt>
          <dd><Valor campo={campo} valor={valor} /></dd>
        </div>
      ))}
    </dl>
  );
}

export function DetalhesAuditoria({ detalhes }: { detalhes: string | null }) {
  if (detalhes === null || detalhes === '') return <>—</>;
  let valor: Json;
  try {
    valor = JSON.parse(detalhes) as Json;
  } catch {
    return <>{detalhes}</>;
  }
  if (valor !== null && typeof valor === 'object' && !Array.isArray(valor)) return <Definicoes objeto={valor} />;
  return <Valor campo="" valor={valor} />;
}
