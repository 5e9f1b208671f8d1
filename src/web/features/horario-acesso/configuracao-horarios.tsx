import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CodigoErro } from '../../../shared/codigos-erro';
import { HORA_REGEX, MENSAGENS_HORARIO_ACESSO, type ConfiguracaoHorario } from '../../../shared/schemas/horario-acesso';
import { ErrorSummary } from '../../components/error-summary';
import { CheckboxField } from '../../components/form/checkbox-field';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { codigoErroDe } from '../../lib/erros';
import { confirmar } from '../../lib/confirm';
import { showToast } from '../../lib/toast';
import { aplicarAosServidores, horarioKeys, salvarConfiguracoes, useConfiguracoes } from './horario-api';
import './horario-acesso.css';

/** Save errors on the hours form stay 8 s (spec point 9). */
const DURACAO_ERRO = 8000;

interface Valores {
  inicio: string;
  termino: string;
  todosDias: boolean;
}

function valoresDe(c: ConfiguracaoHorario | undefined): Valores {
  return { inicio: c?.horaLimiteInicioAcesso ?? '', termino: c?.horaLimiteTerminoAcesso ?? '', todosDias: c?.usuarioPodeAcessarTodosDias ?? false };
}

function validar(v: Valores): { field: string; message: string }[] {
  const erros: { field: string; message: string }[] = [];
  if (!HORA_REGEX.test(v.inicio)) erros.push({ field: 'horario-inicio', message: v.inicio ? MENSAGENS_HORARIO_ACESSO.hora : MENSAGENS_HORARIO_ACESSO.horaObrigatoria });
  if (!HORA_REGEX.test(v.termino)) erros.push({ field: 'horario-termino', message: v.termino ? MENSAGENS_HORARIO_ACESSO.hora : MENSAGENS_HORARIO_ACESSO.horaObrigatoria });
  if (erros.length === 0 && v.inicio >= v.termino) erros.push({ field: 'horario-termino', message: MENSAGENS_HORARIO_ACESSO.inicioAntesTermino });
  return erros;
}

/**
 * The working-hours configuration per agency (spec point 2): choose an agency, set its hours and whether its
 * staff may work every day; then, if wanted, make its users drop their custom hours and follow the agency's.
 * Read-only for CONSULTA_INTERNO (`podeEditar` false).
 */
export function ConfiguracaoHorarios({ podeEditar }: { podeEditar: boolean }) {
  const query = useConfiguracoes();
  const queryClient = useQueryClient();
  const [orgao, setOrgao] = useState('');
  const [valores, setValores] = useState<Valores>(valoresDe(undefined));
  const [erros, setErros] = useState<{ field: string; message: string }[]>([]);
  const [tentativa, setTentativa] = useState(0);
  const [salvando, setSalvando] = useState(false);

  if (query.isPending) return <Loading label="Carregando os horários…" />;
  if (query.isError) return <Message kind="danger" title={MENSAGENS_HORARIO_ACESSO.erroConsultar} alert />;
  const configuracoes = query.data.configuracoes;
  const atual = configuracoes.find((c) => c.orgao === orgao);

  function escolher(sigla: string) {
    setOrgao(sigla);
    setErros([]);
    setValores(valoresDe(configuracoes.find((c) => c.orgao === sigla)));
  }

  async function salvar(e: React.FormEvent) {
    e.preventDefault();
    const encontrados = validar(valores);
    if (!orgao) encontrados.unshift({ field: 'horario-orgao', message: 'Selecione o órgão' });
    setErros(encontrados);
    if (encontrados.length > 0) {
      setTentativa((n) => n + 1);
      showToast('error', 'Confira todos os campos obrigatórios do formulário', { autoClose: DURACAO_ERRO });
      return;
    }
    setSalvando(true);
    try {
      const { dados, mensagem } = await salvarConfiguracoes({
        configuracoes: [{ orgao, horaLimiteInicioAcesso: valores.inicio, horaLimiteTerminoAcesso: valores.termino, usuarioPodeAcessarTodosDias: valores.todosDias }],
      });
      queryClient.setQueryData(horarioKeys.lista, dados);
      showToast('success', mensagem);
    } catch (error) {
      showToast('error', mensagemErro(error, MENSAGENS_HORARIO_ACESSO.erroSalvar), { autoClose: DURACAO_ERRO });
    } finally {
      setSalvando(false);
    }
  }

  async function aplicar() {
    const ok = await confirmar({
      text: `Os servidores do órgão ${orgao} deixarão de ter horário personalizado e passarão a seguir o horário do órgão.`,
    });
    if (!ok) return;
    try {
      showToast('success', await aplicarAosServidores(orgao));
      await queryClient.invalidateQueries({ queryKey: horarioKeys.lista });
    } catch (error) {
      // No hours configured or nobody to update (spec point 7): information, not a failure.
      if (codigoErroDe(error) === CodigoErro.HORARIO_NADA_A_APLICAR) showToast('info', mensagemErro(error, MENSAGENS_HORARIO_ACESSO.semServidores));
      else showToast('error', mensagemErro(error, MENSAGENS_HORARIO_ACESSO.erroAtualizarLotacao), { autoClose: DURACAO_ERRO });
    }
  }

  return (
    <div className="horarios">
      {podeEditar && (
        <form aria-labelledby="titulo-form-horario" noValidate onSubmit={(e) => void salvar(e)}>
          <h2 id="titulo-form-horario">Horário de um órgão</h2>
          <ErrorSummary errors={erros} attempt={tentativa} />
          <SelectField id="horario-orgao" label="Órgão" value={orgao} onChange={escolher}
            options={configuracoes.map((c) => ({ value: c.orgao, label: `${c.orgao} – ${c.nomeOrgao}` }))}
            error={erros.find((x) => x.field === 'horario-orgao')?.message} />
          {orgao && (
            <>
              <div className="horarios-campos">
                <TextField id="horario-inicio" label="Início do expediente" type="time" hint="HH:MM, horário de Brasília" value={valores.inicio}
                  onChange={(e) => setValores((v) => ({ ...v, inicio: e.target.value }))}
                  error={erros.find((x) => x.field === 'horario-inicio')?.message} />
                <TextField id="horario-termino" label="Término do expediente" type="time" hint="HH:MM, horário de Brasília" value={valores.termino}
                  onChange={(e) => setValores((v) => ({ ...v, termino: e.target.value }))}
                  error={erros.find((x) => x.field === 'horario-termino')?.message} />
              </div>
              <CheckboxField id="horario-todos-dias" label="Os servidores do órgão podem acessar todos os dias (inclusive sábados e domingos)"
                checked={valores.todosDias} onChange={(e) => setValores((v) => ({ ...v, todosDias: e.target.checked }))} />
              <div className="form-actions">
                {atual?.idConfiguracao !== null && atual !== undefined && (
                  <button type="button" className="br-button secondary" onClick={() => void aplicar()}>
                    Aplicar aos servidores do órgão
                  </button>
                )}
                <div className="form-actions-forward">
                  <button type="submit" className="br-button primary" disabled={salvando}>{salvando ? 'Salvando…' : 'Salvar horário'}</button>
                </div>
              </div>
            </>
          )}
        </form>
      )}
      <section aria-labelledby="titulo-horarios-orgaos" className="mt-4">
        <h2 id="titulo-horarios-orgaos">Horários dos órgãos</h2>
        <table className="horarios-tabela">
          <caption>Órgãos sem horário configurado seguem o horário padrão do sistema.</caption>
          <thead>
            <tr>
              <th scope="col">Órgão</th>
              <th scope="col">Horário</th>
              <th scope="col">Dias</th>
              <th scope="col">Servidores que seguem o horário do órgão</th>
            </tr>
          </thead>
          <tbody>
            {configuracoes.map((c) => (
              <tr key={c.orgao}>
                <th scope="row">{c.orgao}</th>
                <td>{c.horaLimiteInicioAcesso ? `${c.horaLimiteInicioAcesso} às ${c.horaLimiteTerminoAcesso}` : 'Padrão do sistema'}</td>
                <td>{c.usuarioPodeAcessarTodosDias ? 'Todos os dias' : 'Segunda a sexta-feira'}</td>
                <td>{c.totalServidores}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
