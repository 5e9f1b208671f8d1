import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatCpf } from '../../../shared/cpf';
import { sexoLabel, type Sexo } from '../../../shared/enums';
import { exibirRgp } from '../../../shared/rgp';
import * as contratosSolicitacao from '../../../shared/contratos/solicitacao';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { dados } from '../../lib/contrato';
import { formatDate } from '../../lib/dates';
import { ListaDados } from '../../components/lista-dados';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { ERRO_CONSULTAR_SOLICITACAO } from './use-analise';

type Registro = Record<string, unknown>;

function objeto(v: unknown): Registro {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Registro) : {};
}

/** A value as text: strings and numbers as they are, `{descricao}`/`{nome}` by their label, booleans as Sim/Não. */
function texto(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  const o = objeto(v);
  return texto(o.descricao ?? o.nome ?? o.sigla ?? '');
}

/** The request's key fields, as GET /api/solicitacao/{id} answers them (the saved steps' fields, flat). */
export function camposChave(s: SolicitacaoDetalheResposta): { termo: string; valor: string }[] {
  const endereco = objeto(s.endereco);
  const contato = objeto(s.contato);
  const rgp = s.rgp;
  const sexo = typeof s.sexo === 'number' ? sexoLabel[s.sexo as Sexo] : texto(s.sexo);
  const cpf = texto(s.cpf);
  const municipio = texto(endereco.municipioNome ?? endereco.nomeMunicipio ?? endereco.municipio);
  const campos: [string, string][] = [
    ['Nome', texto(s.nome)],
    ['CPF', cpf.replace(/\D/g, '').length === 11 ? formatCpf(cpf) : cpf],
    ['Data de nascimento', formatDate(texto(s.dataNascimento))],
    ['Sexo', sexo ?? ''],
    ['Nome da mãe', texto(s.nomeMae)],
    ['Nome do pai', texto(s.nomePai)],
    ['Nacionalidade', texto(s.nacionalidadeBrasileira)],
    ['Município', municipio],
    ['UF', texto(endereco.uf)],
    ['E-mail', texto(contato.email)],
    ['Telefone', texto(contato.telefone)],
    ['Número do RGP', exibirRgp(texto(rgp.numeroRGP))],
    ['Situação do registro', texto(rgp.situacaoDescricao)],
    ['Número do primeiro RGP', exibirRgp(texto(s.numeroPrimeiroRGP ?? rgp.numeroPrimeiroRGP))],
    ['Data do primeiro RGP', formatDate(texto(s.dataPrimeiroRgp ?? rgp.dataPrimeiroRgp))],
    ['Órgão do primeiro RGP', texto(s.orgao ?? rgp.orgao)],
    ['Justificativa do cancelamento', texto(s.justificativaDeclaracaoSolicitacaoCancelamento)],
    ['Justificativa', texto(s.justificativa)],
  ];
  return campos.filter(([, valor]) => valor !== '').map(([termo, valor]) => ({ termo, valor }));
}

/**
 * The request's data when the wizard is not shown (request types outside the wizard: cancellation, first-RGP
 * edit, documents edit, regularisation): its key fields as a description list.
 */
export function DadosSolicitacao({ idSolicitacao }: { idSolicitacao: number }) {
  const query = useQuery({
    queryKey: ['analise', 'solicitacao', idSolicitacao],
    queryFn: () => dados(contratosSolicitacao.detalhe, { params: { id: idSolicitacao } }),
    enabled: idSolicitacao > 0,
  });
  let corpo: ReactNode;
  if (query.isPending) corpo = <Loading label="Carregando os dados da solicitação…" />;
  else if (query.isError) corpo = <Message kind="danger" title={ERRO_CONSULTAR_SOLICITACAO} />;
  else {
    const campos = camposChave(query.data);
    corpo =
      campos.length === 0 ? (
        <p>Esta solicitação não tem outros dados além dos documentos.</p>
      ) : (
        <ListaDados dados={campos} className="analise-resumo" />
      );
  }
  return <>{corpo}</>;
}
