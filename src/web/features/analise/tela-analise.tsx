import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useWatch, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CodigoErro, ehCasoDe } from '../../../shared/codigos-erro';
import { SituacaoAnalise, TipoSolicitacao } from '../../../shared/enums';
import {
  decisaoAnaliseCorpo,
  JUSTIFICATIVA_MINIMA,
  MENSAGENS_ANALISE,
  type AnaliseDetalhe,
  type DecisaoAnaliseCorpo,
  type DocumentoParecer,
} from '../../../shared/schemas/analise';
import { ErrorSummary } from '../../components/error-summary';
import { summaryOf } from '../../components/form/form-errors';
import { useFormulario } from '../../components/form/use-formulario';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { ERRO_DESCONHECIDO, mensagemErro } from '../../lib/api';
import { codigoErroDe } from '../../lib/erros';
import { confirmar } from '../../lib/confirm';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { pode } from '../../../shared/permissoes';
import { abrirArquivo } from '../../lib/arquivos';
import { analiseKeys, cancelarInicio, concluirAnalise, iniciarAnalise } from './analise-api';
import { DadosSolicitacao } from './dados-solicitacao';
import { ROTA_ACOMPANHAR_ANALISES } from './formatos';
import { ROTA_REAP_OBRIGACOES } from '../../../shared/rotas-web';
import { CampoParecer } from './parecer';
import { AvisoBloqueio, ResumoAnalise, SituacaoDaAnalise } from './resumo-analise';
import { SinaisDaAnalise } from './sinais';
import { ERRO_CONSULTAR_SOLICITACAO, useAnalise } from './use-analise';
import './analise.css';

export interface SolicitacaoEmAnalise {
  idSolicitacao: number;
  tipoSolicitacao: number;
}

export interface TelaAnaliseProps {
  idAnalise: number;
  tipoSolicitacao: number;
  idSolicitacao: number;
  /** Absent, or answering null, the screen lists the request's key fields itself. */
  dadosSolicitacao?: (s: SolicitacaoEmAnalise) => ReactNode;
  /** The delivery of the fisher's notices per channel (decision 0156), composed by the screen. */
  avisosPescador?: (idPescador: number) => ReactNode;
}

/** Already in the shape `decisaoAnaliseCorpo` outputs, which validates them. */
type FormDecisao = DecisaoAnaliseCorpo;

const resolver = zodResolver(decisaoAnaliseCorpo) as unknown as Resolver<FormDecisao, unknown, DecisaoAnaliseCorpo>;

const ID_CHECKLIST = 'checklist-documentos';
const ID_JUSTIFICATIVA = 'justificativa';
const ID_CONFERENCIA = 'titulo-conferencia';

const idAprovado = (indice: number) => `documento-aprovado-${indice}`;

function alvoDoErro(path: string): string {
  if (path === 'justificativa') return ID_JUSTIFICATIVA;
  const m = /^documentos\.(\d+)/.exec(path);
  if (m) return idAprovado(Number(m[1]));
  return ID_CHECKLIST;
}

/**
 * The analysis of one request (spec points 2, 4, 5 and 8). The options follow the server's `opcoesHabilitadas` and
 * `podeConcluir`; CONSULTA_INTERNO sees everything read-only.
 */
export function TelaAnalise({ idAnalise, tipoSolicitacao, idSolicitacao, dadosSolicitacao, avisosPescador }: TelaAnaliseProps) {
  const query = useAnalise(idAnalise);
  if (!(idAnalise > 0)) {
    return <Message kind="warning" title="Análise não informada." />;
  }
  if (query.isPending) return <Loading label="Carregando a análise…" />;
  if (query.isError) {
    return (
      <>
        <Message kind="danger" title={mensagemErro(query.error, ERRO_CONSULTAR_SOLICITACAO)} alert />
        <p className="mt-3 analise-acoes">
          <button type="button" className="br-button secondary" onClick={() => void query.refetch()}>
            Tentar novamente
          </button>
          <Link to={ROTA_ACOMPANHAR_ANALISES}>Voltar para o acompanhamento de análises</Link>
        </p>
      </>
    );
  }
  return (
    <ConteudoAnalise
      key={query.data.idAnaliseSolicitacao}
      detalhe={query.data}
      tipoSolicitacao={query.data.solicitacao.tipo || tipoSolicitacao}
      idSolicitacao={query.data.solicitacao.id || idSolicitacao}
      dadosSolicitacao={dadosSolicitacao}
      avisosPescador={avisosPescador}
    />
  );
}

function ConteudoAnalise({
  detalhe,
  tipoSolicitacao,
  idSolicitacao,
  dadosSolicitacao,
  avisosPescador,
}: {
  detalhe: AnaliseDetalhe;
  tipoSolicitacao: number;
  idSolicitacao: number;
  dadosSolicitacao: TelaAnaliseProps['dadosSolicitacao'];
  avisosPescador: TelaAnaliseProps['avisosPescador'];
}) {
  const session = useSession();
  const perfil = session?.perfil;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const idAnalise = detalhe.idAnaliseSolicitacao;
  const conferenciaRef = useRef<HTMLHeadingElement>(null);
  const dicaConcluirId = useId();

  /** Shown in progress all the same (spec point 8). */
  const [inicio406, setInicio406] = useState<string | null>(null);
  const [tentativa, setTentativa] = useState(0);
  const [parecer, setParecer] = useState<DocumentoParecer | null>(detalhe.documentoParecer);

  const analista = pode(perfil, 'analise.analisar');
  const habilitado = analista && detalhe.opcoesHabilitadas;
  const situacao = inicio406 !== null ? SituacaoAnalise.EM_ANALISE : detalhe.situacaoAnalise.id;
  const podeIniciar =
    habilitado &&
    inicio406 === null &&
    !detalhe.bloqueadaPorMim &&
    (detalhe.situacaoAnalise.id === SituacaoAnalise.AGUARDANDO_ANALISE ||
      (detalhe.situacaoAnalise.id === SituacaoAnalise.EM_ANALISE && detalhe.bloqueioExpirado));

  const atualizar = () => queryClient.invalidateQueries({ queryKey: analiseKeys.all });

  const iniciar = useMutation({
    mutationFn: () => iniciarAnalise(idAnalise),
    onSuccess: () => {
      setInicio406(null);
      showToast('success', MENSAGENS_ANALISE.iniciada);
      void atualizar();
      conferenciaRef.current?.focus();
    },
    onError: (error) => {
      const codigo = codigoErroDe(error);
      if (ehCasoDe(codigo, CodigoErro.ESTADO_NAO_PERMITE)) {
        const mensagem = mensagemErro(error, MENSAGENS_ANALISE.erroIniciar);
        setInicio406(mensagem);
        showToast('warning', mensagem);
      } else if (codigo === CodigoErro.SEM_PERMISSAO || codigo === CodigoErro.FORA_DO_HORARIO) {
        showToast('error', mensagemErro(error, MENSAGENS_ANALISE.erroIniciar));
      } else {
        showToast('error', MENSAGENS_ANALISE.erroIniciar);
      }
    },
  });

  const cancelar = useMutation({
    mutationFn: () => cancelarInicio(idAnalise),
    onSuccess: () => {
      showToast('success', MENSAGENS_ANALISE.cancelada);
      void atualizar();
    },
    onError: (error) => {
      if (ehCasoDe(codigoErroDe(error), CodigoErro.ESTADO_NAO_PERMITE)) showToast('warning', mensagemErro(error, ERRO_DESCONHECIDO));
      else showToast('error', mensagemErro(error, ERRO_DESCONHECIDO));
    },
  });

  const concluir = useMutation({
    mutationFn: (corpo: DecisaoAnaliseCorpo) => concluirAnalise(tipoSolicitacao, corpo),
    onSuccess: (mensagem, corpo) => {
      const deferida = corpo.documentos.length > 0 && corpo.documentos.every((d) => d.aprovado);
      showToast('success', mensagem || (deferida ? MENSAGENS_ANALISE.deferida : MENSAGENS_ANALISE.indeferida));
      void atualizar();
      void navigate(ROTA_ACOMPANHAR_ANALISES);
    },
    onError: (error) => {
      showToast('error', mensagemErro(error, MENSAGENS_ANALISE.erroEnviar));
    },
  });

  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useFormulario<FormDecisao, unknown, DecisaoAnaliseCorpo>({
    resolver,
    defaultValues: {
      id: idAnalise,
      solicitacao: idSolicitacao,
      // Spec point 3, "Checklist entry": every entry starts unapproved.
      documentos: detalhe.documentos.map((d) => ({ id: d.id, aprovado: false, tipoDocumento: d.tipoDocumento })),
      justificativa: '',
      documentoParecer: detalhe.documentoParecer?.id ?? null,
    },
  });
  const documentos = useWatch({ control, name: 'documentos' });
  const justificativa = useWatch({ control, name: 'justificativa' }) ?? '';
  const todosAprovados = documentos.length > 0 && documentos.every((d) => d.aprovado);

  const onSubmit = handleSubmit(
    async (corpo) => {
      if (!(await confirmar())) return;
      concluir.mutate(corpo);
    },
    () => setTentativa((n) => n + 1),
  );

  function onParecer(novo: DocumentoParecer | null) {
    setParecer(novo);
    setValue('documentoParecer', novo?.id ?? null);
  }

  const resumo = summaryOf(errors, alvoDoErro);
  const erroLista = errors.documentos?.message ?? errors.documentos?.root?.message;
  const erroJustificativa = errors.justificativa?.message;
  const dados = dadosSolicitacao?.({ idSolicitacao, tipoSolicitacao });
  const ocupado = iniciar.isPending || cancelar.isPending || concluir.isPending;
  const concluida = detalhe.situacaoAnalise.id === SituacaoAnalise.DEFERIDA || detalhe.situacaoAnalise.id === SituacaoAnalise.INDEFERIDA;

  return (
    <div className="analise-tela">
      <section aria-labelledby="titulo-resumo" className="analise-bloco">
        <h2 id="titulo-resumo">
          {tipoSolicitacao === TipoSolicitacao.EDICAO_DOCUMENTOS ? 'Solicitação de edição de documentos' : 'Solicitação'}
          {detalhe.solicitacao.numeroProtocolo ? ` nº ${detalhe.solicitacao.numeroProtocolo}` : ''}
        </h2>
        <SituacaoDaAnalise situacao={situacao} />
        {inicio406 !== null ? (
          <Message kind="warning" title={inicio406} alert />
        ) : (
          <AvisoBloqueio detalhe={detalhe} perfil={perfil} />
        )}
        <ResumoAnalise detalhe={detalhe} />
        <div className="analise-acoes">
          {podeIniciar && (
            <button type="button" className="br-button primary" disabled={ocupado} onClick={() => iniciar.mutate()}>
              <i className="fas fa-play" aria-hidden="true" /> Iniciar análise
            </button>
          )}
          {analista && detalhe.bloqueadaPorMim && inicio406 === null && (
            <button type="button" className="br-button secondary" disabled={ocupado} onClick={() => cancelar.mutate()}>
              <i className="fas fa-undo" aria-hidden="true" /> Cancelar início
            </button>
          )}
          <a href={`#${ID_CONFERENCIA}`} className="analise-pular">
            Ir para a conferência dos documentos
          </a>
          {/* The fisher's REAPs, read-only. */}
          <Link to={`${ROTA_REAP_OBRIGACOES}?cpf=${detalhe.solicitacao.cpfPescador}`} className="analise-pular">
            Ver as REAPs deste pescador
          </Link>
        </div>
        {concluida && detalhe.justificativa && (
          <div className="analise-justificativa-registrada">
            <h3>Justificativa registrada</h3>
            <p>{detalhe.justificativa}</p>
          </div>
        )}
      </section>

      <SinaisDaAnalise idAnalise={idAnalise} podeMarcar={analista} />

      <section aria-labelledby="titulo-dados" className="analise-bloco">
        <h2 id="titulo-dados">Dados da solicitação</h2>
        {dados ?? <DadosSolicitacao idSolicitacao={idSolicitacao} />}
      </section>

      {avisosPescador && (
        <section aria-labelledby="titulo-avisos" className="analise-bloco">
          <h2 id="titulo-avisos">Avisos ao pescador</h2>
          {avisosPescador(detalhe.solicitacao.idPescador)}
        </section>
      )}

      <section aria-labelledby={ID_CONFERENCIA} className="analise-bloco">
        <h2 id={ID_CONFERENCIA} ref={conferenciaRef} tabIndex={-1}>
          Conferência dos documentos
        </h2>
        <form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby={ID_CONFERENCIA}>
          <ErrorSummary errors={resumo} attempt={tentativa} />

          <fieldset
            id={ID_CHECKLIST}
            tabIndex={-1}
            className={`field analise-checklist${erroLista ? ' danger' : ''}`}
            aria-describedby={`${ID_CHECKLIST}-dica${erroLista ? ` ${ID_CHECKLIST}-erro` : ''}`}
          >
            <legend>Documentos da solicitação</legend>
            <p id={`${ID_CHECKLIST}-dica`} className="field-hint">
              Abra cada documento e marque “Aprovado” nos que estiverem corretos. Documento não marcado será reprovado.
            </p>
            {erroLista && (
              <span id={`${ID_CHECKLIST}-erro`} className="feedback danger">
                <i className="fas fa-times-circle" aria-hidden="true" />
                {erroLista}
              </span>
            )}
            {detalhe.documentos.length === 0 ? (
              <p className="documento-vazio">Esta solicitação não tem documentos.</p>
            ) : (
              <ul className="analise-documentos">
                {detalhe.documentos.map((d, i) => (
                  <li key={d.id} className="analise-documento">
                    <div className="analise-documento-nome">
                      <strong>{d.nomeDocumento}</strong>
                      <span className="analise-documento-arquivo">{d.nomeArquivo}</span>
                    </div>
                    <div className="analise-documento-acoes">
                      <button type="button" className="br-button secondary small" onClick={() => void abrirArquivo(d.chaveArquivo)}>
                        <i className="fas fa-external-link-alt" aria-hidden="true" /> Abrir{' '}
                        <span className="sr-only">{d.nomeDocumento} (abre em nova aba)</span>
                      </button>
                      <div className="checkbox-field">
                        <div className="br-checkbox">
                          <input
                            type="checkbox"
                            id={idAprovado(i)}
                            disabled={!habilitado}
                            {...register(`documentos.${i}.aprovado`)}
                          />
                          <label htmlFor={idAprovado(i)}>
                            Aprovado <span className="sr-only">– {d.nomeDocumento}</span>
                          </label>
                        </div>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>

          <p className="analise-resultado" role="status">
            {documentos.length === 0
              ? MENSAGENS_ANALISE.semDocumentos
              : todosAprovados
                ? 'Todos os documentos aprovados: a análise será DEFERIDA.'
                : 'Há documento não aprovado: a análise será INDEFERIDA e a justificativa é obrigatória.'}
          </p>

          <div className={`field br-textarea${erroJustificativa ? ' danger' : ''}`}>
            <label htmlFor={ID_JUSTIFICATIVA}>
              Justificativa
              {todosAprovados && <span className="field-optional"> (opcional)</span>}
            </label>
            <p id={`${ID_JUSTIFICATIVA}-dica`} className="field-hint">
              Obrigatória quando algum documento não for aprovado, com no mínimo {JUSTIFICATIVA_MINIMA} caracteres. O pescador lê
              esta justificativa. ({justificativa.trim().length} caracteres)
            </p>
            <textarea
              id={ID_JUSTIFICATIVA}
              rows={5}
              maxLength={4000}
              disabled={!habilitado}
              aria-invalid={erroJustificativa ? true : undefined}
              aria-describedby={`${ID_JUSTIFICATIVA}-dica${erroJustificativa ? ` ${ID_JUSTIFICATIVA}-erro` : ''}`}
              {...register('justificativa')}
            />
            {erroJustificativa && (
              <span id={`${ID_JUSTIFICATIVA}-erro`} className="feedback danger">
                <i className="fas fa-times-circle" aria-hidden="true" />
                {erroJustificativa}
              </span>
            )}
          </div>

          <CampoParecer idAnalise={idAnalise} parecer={parecer} habilitado={habilitado} onChange={onParecer} />

          <div className="form-actions">
            <Link className="br-button secondary" to={ROTA_ACOMPANHAR_ANALISES}>
              Voltar para o acompanhamento
            </Link>
            {analista && !concluida && (
              <div className="form-actions-forward">
                {!detalhe.podeConcluir && (
                  <p id={dicaConcluirId} className="field-hint analise-dica-concluir">
                    Inicie a análise para poder concluí-la.
                  </p>
                )}
                <button
                  type="submit"
                  className="br-button primary"
                  disabled={!detalhe.podeConcluir || ocupado}
                  aria-describedby={!detalhe.podeConcluir ? dicaConcluirId : undefined}
                >
                  <i className="fas fa-check" aria-hidden="true" />{' '}
                  {detalhe.documentos.length === 0 ? MENSAGENS_ANALISE.devolverSemDocumentos : 'Concluir análise'}
                </button>
              </div>
            )}
          </div>
        </form>
      </section>
    </div>
  );
}
