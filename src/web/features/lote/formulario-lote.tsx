import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DURACAO_AVISO_SEM_ATO_MS } from '../../../shared/schemas/ato-normativo';
import { problemasDoCorpo } from '../../../shared/schemas/formulario';
import {
  cpfsDoTexto, loteAutomaticoCampos, loteManualCorpo, MENSAGENS_LOTE, regrasLote, resultadoLoteLabel, TAMANHO_MAXIMO_ARQUIVO_LOTE_BYTES, TipoLote,
  tipoLoteLabel, type DadosLote, type ResultadoLote, type ResultadoLoteManual,
} from '../../../shared/schemas/lote';
import { lerErroCampo } from '../../../shared/erros-campo';
import { ROTA_ADMIN_LOTE_HISTORICO, ROTA_ADMINISTRACAO } from '../../../shared/rotas-web';
import { FieldErrorMessage, FieldHint } from '../../components/form/field-parts';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { atosVigentes, enviarLoteAutomatico, enviarLoteManual } from './lote-api';
import './lote.css';

/** 6 s for the processing notice, 3 s before returning to the admin home (spec points 8 and 9). */
export const DURACAO_AVISO_LOTE_MS = 6000;
export const ESPERA_VOLTAR_ADMIN_MS = 3000;

type Erros = Partial<Record<'atoNormativo' | 'orgaoSolicitante' | 'justificativa' | 'dataLimiteSuspensao' | 'arquivos' | 'listaCpfPescador', string>>;

/** The batch processing form (ROTA_ADMIN_LOTE, query tipoSituacao): automatic by file or manual by a CPF list. */
export function FormularioLote() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tipoQuery = Number(params.get('tipoSituacao'));
  const [tipo, setTipo] = useState(String([1, 2, 3].includes(tipoQuery) ? tipoQuery : TipoLote.SUSPENSAO));
  const [modo, setModo] = useState<'automatico' | 'manual'>('automatico');
  const [ato, setAto] = useState('');
  const [orgao, setOrgao] = useState('');
  const [justificativa, setJustificativa] = useState('');
  const [dataLimite, setDataLimite] = useState('');
  const [arquivos, setArquivos] = useState<File[]>([]);
  const [lista, setLista] = useState('');
  const [erros, setErros] = useState<Erros>({});
  const [enviando, setEnviando] = useState(false);
  const [resultado, setResultado] = useState<ResultadoLoteManual | null>(null);
  const idBase = useId();
  const atos = useQuery({ queryKey: ['atos-vigentes'], queryFn: atosVigentes });
  const semAto = atos.isSuccess && atos.data.length === 0;

  /** The file's own checks (spec point 9 messages), at selection and again on sending. */
  function erroArquivo(lista: File[]): string | undefined {
    if (lista.length === 0) return MENSAGENS_LOTE.arquivoObrigatorio;
    if (lista.length > 1) return MENSAGENS_LOTE.umArquivo;
    if (!/\.(txt|csv)$/i.test(lista[0]!.name)) return MENSAGENS_LOTE.tipoArquivo;
    if (lista[0]!.size > TAMANHO_MAXIMO_ARQUIVO_LOTE_BYTES) return MENSAGENS_LOTE.tamanho;
    return undefined;
  }

  function escolherArquivos(lista: File[]) {
    setArquivos(lista);
    setErros((e) => ({ ...e, arquivos: lista.length === 0 ? undefined : erroArquivo(lista) }));
  }

  /**
   * The batch checked by the schema of the endpoint it goes to: the file's text fields (`loteAutomaticoCampos`)
   * and the file's own checks, or the JSON body with the CPF list (`loteManualCorpo`). An empty field is absent.
   */
  function validar(): Erros {
    const suspensao = tipo === String(TipoLote.SUSPENSAO);
    const campos = { tipo, orgaoSolicitante: orgao, justificativa };
    const problemas = modo === 'automatico'
      ? problemasDoCorpo(loteAutomaticoCampos, { ...campos, atoNormativo: ato || undefined, dataLimiteSuspensao: suspensao ? dataLimite : undefined }, regrasLote)
      : problemasDoCorpo(loteManualCorpo, {
        ...campos, tipo: Number(tipo), atoNormativo: ato ? Number(ato) : undefined, dataLimiteSuspensao: suspensao ? dataLimite || null : null,
        listaCpfPescador: cpfsDoTexto(lista),
      }, regrasLote);
    const e: Erros = {};
    for (const p of problemas) e[p.path[0] as keyof Erros] ??= p.message;
    if (modo === 'automatico') {
      const erro = erroArquivo(arquivos);
      if (erro) e.arquivos = erro;
    }
    return e;
  }

  async function enviar(ev: FormEvent) {
    ev.preventDefault();
    const e = validar();
    setErros(e);
    if (Object.keys(e).length > 0) {
      document.getElementById(`${idBase}-${Object.keys(e)[0]}`)?.focus();
      return;
    }
    const campos: DadosLote = {
      atoNormativo: Number(ato), tipo: Number(tipo) as DadosLote['tipo'], orgaoSolicitante: orgao.trim(), justificativa: justificativa.trim(),
      dataLimiteSuspensao: tipo === String(TipoLote.SUSPENSAO) ? dataLimite : null,
    };
    setEnviando(true);
    try {
      if (modo === 'automatico') {
        const r = await enviarLoteAutomatico(campos, arquivos[0]!);
        showToast('success', r.mensagem, { autoClose: DURACAO_AVISO_LOTE_MS });
        setTimeout(() => void navigate(ROTA_ADMINISTRACAO), ESPERA_VOLTAR_ADMIN_MS);
      } else {
        const r = await enviarLoteManual(campos, cpfsDoTexto(lista));
        showToast('success', r.mensagem);
        setResultado(r.dados);
      }
    } catch (err) {
      const msg = mensagemErro(err, MENSAGENS_LOTE.erroEnviar);
      const porCampo: Erros = {};
      const corpo = (err as { response?: { data?: { erros?: unknown } } }).response?.data?.erros;
      if (Array.isArray(corpo)) {
        for (const t of corpo) {
          const { campo, mensagem } = lerErroCampo(String(t));
          if (campo) porCampo[campo.split('.')[0] as keyof Erros] = mensagem;
        }
      }
      setErros(porCampo);
      showToast('error', msg);
    } finally {
      setEnviando(false);
    }
  }

  const id = (c: string) => `${idBase}-${c}`;
  return (
    <>
      {semAto && <Message kind="warning" title={MENSAGENS_LOTE.semAtoVigente}>Cadastre um ato normativo vigente antes de processar um lote.</Message>}
      <span hidden data-aviso-ms={DURACAO_AVISO_SEM_ATO_MS} />
      <form className="lote-form" onSubmit={(e) => void enviar(e)} noValidate aria-busy={enviando}>
        <SelectField
          id={id('tipo')} label="Tipo de processamento" value={tipo} onChange={setTipo} placeholder=""
          options={[1, 2, 3].map((v) => ({ value: String(v), label: tipoLoteLabel[v as 1 | 2 | 3] }))}
        />
        <SelectField
          id={id('atoNormativo')} label="Ato normativo" value={ato} onChange={setAto} error={erros.atoNormativo}
          options={(atos.data ?? []).map((a) => ({ value: String(a.id), label: a.nome }))}
        />
        <TextField id={id('orgaoSolicitante')} label="Órgão solicitante" value={orgao} maxLength={200}
          onChange={(e) => setOrgao(e.target.value.toUpperCase())} error={erros.orgaoSolicitante} autoComplete="off" />
        <div className={`field br-textarea${erros.justificativa ? ' danger' : ''}`}>
          <label htmlFor={id('justificativa')}>Justificativa</label>
          <textarea id={id('justificativa')} value={justificativa} maxLength={4000} rows={3}
            onChange={(e) => setJustificativa(e.target.value)} aria-invalid={Boolean(erros.justificativa)}
            aria-describedby={erros.justificativa ? id('justificativa-erro') : undefined} />
          <FieldErrorMessage id={id('justificativa-erro')} message={erros.justificativa} />
        </div>
        {tipo === String(TipoLote.SUSPENSAO) && (
          <TextField id={id('dataLimiteSuspensao')} type="date" label="Suspender até" value={dataLimite}
            onChange={(e) => setDataLimite(e.target.value)} error={erros.dataLimiteSuspensao} />
        )}
        <fieldset className="lote-modo">
          <legend>Forma de processamento</legend>
          <div className="br-radio">
            <input type="radio" id={id('modo-auto')} name={id('modo')} checked={modo === 'automatico'} onChange={() => setModo('automatico')} />
            <label htmlFor={id('modo-auto')}>Automático (arquivo TXT ou CSV)</label>
          </div>
          <div className="br-radio">
            <input type="radio" id={id('modo-manual')} name={id('modo')} checked={modo === 'manual'} onChange={() => setModo('manual')} />
            <label htmlFor={id('modo-manual')}>Manual (lista de CPFs)</label>
          </div>
        </fieldset>
        {modo === 'automatico' ? (
          <div className={`field br-input${erros.arquivos ? ' danger' : ''}`}>
            <label htmlFor={id('arquivos')}>Arquivo do lote</label>
            <FieldHint id={id('arquivos-dica')}>Um único arquivo TXT ou CSV de até 70 KB, um CPF por linha, com ou sem máscara.</FieldHint>
            <input id={id('arquivos')} className="lote-arquivo" type="file" accept=".txt,.csv,text/plain,text/csv" multiple
              onChange={(e) => escolherArquivos(Array.from(e.target.files ?? []))} aria-invalid={Boolean(erros.arquivos)}
              aria-describedby={`${id('arquivos-dica')}${erros.arquivos ? ` ${id('arquivos-erro')}` : ''}`} />
            <FieldErrorMessage id={id('arquivos-erro')} message={erros.arquivos} />
          </div>
        ) : (
          <div className={`field br-textarea${erros.listaCpfPescador ? ' danger' : ''}`}>
            <label htmlFor={id('listaCpfPescador')}>CPFs dos pescadores</label>
            <FieldHint id={id('lista-dica')}>Um CPF por linha, com ou sem máscara; até 100.000 CPFs.</FieldHint>
            <textarea id={id('listaCpfPescador')} value={lista} rows={8} onChange={(e) => setLista(e.target.value)}
              aria-invalid={Boolean(erros.listaCpfPescador)}
              aria-describedby={`${id('lista-dica')}${erros.listaCpfPescador ? ` ${id('lista-erro')}` : ''}`} />
            <FieldErrorMessage id={id('lista-erro')} message={erros.listaCpfPescador} />
          </div>
        )}
        <div className="lote-acoes">
          <button type="submit" className="br-button primary" disabled={enviando}>{enviando ? 'Processando…' : 'Processar lote'}</button>
          <a className="br-button secondary" href={ROTA_ADMIN_LOTE_HISTORICO}
            onClick={(e) => { e.preventDefault(); void navigate(ROTA_ADMIN_LOTE_HISTORICO); }}>Histórico de lotes</a>
        </div>
      </form>
      {resultado && (
        <section aria-labelledby={id('resultado')} className="lote-resultado">
          <h2 id={id('resultado')}>Resultado do lote nº {resultado.lote.id}</h2>
          <div className="lote-tabela">
            <table className="br-table">
              <caption className="sr-only">Resultado de cada CPF</caption>
              <thead><tr><th scope="col">CPF</th><th scope="col">Resultado</th></tr></thead>
              <tbody>
                {resultado.itens.slice(0, 500).map((i, n) => (
                  <tr key={n}><td><span className="numero-inteiro">{i.cpf}</span></td><td>{resultadoLoteLabel[i.resultado as ResultadoLote] ?? i.resultado}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
          {resultado.itens.length > 500 && <p>Os demais CPFs estão no histórico de lotes, com o resultado em CSV.</p>}
        </section>
      )}
    </>
  );
}
