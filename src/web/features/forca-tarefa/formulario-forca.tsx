import { AcoesFormulario } from '../../components/form/acoes-formulario';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CodigoErro, ehCasoDe } from '../../../shared/codigos-erro';
import {
  forcaTarefaFormulario, MENSAGENS_FORCA_TAREFA, type ForcaTarefaCorpo, type ServidorForcaTarefa, type ValoresForcaTarefa,
} from '../../../shared/schemas/forca-tarefa';
import { ROTA_ADMIN_FORCAS_TAREFA } from '../../../shared/rotas-web';
import { UFS } from '../../../shared/ufs';
import { ErrorSummary } from '../../components/error-summary';
import { CampoCheckboxes, CampoSelect, CampoTexto } from '../../components/form/campos';
import { CheckboxField } from '../../components/form/checkbox-field';
import { CheckboxGroup } from '../../components/form/checkbox-group';
import { summaryOf } from '../../components/form/form-errors';
import { TextField } from '../../components/form/text-field';
import { useFormulario } from '../../components/form/use-formulario';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { codigoErroDe } from '../../lib/erros';
import { confirmar } from '../../lib/confirm';
import { showToast } from '../../lib/toast';
import { fetchAtosVigentes, fetchForca, fetchServidores, forcaKeys, salvarForca } from './forca-tarefa-api';

const VAZIO: ValoresForcaTarefa = { titulo: '', atoNormativo: '', ufAtendidas: [], dataLimite: '', ativa: true, servidores: [] };
const OPCOES_UF = UFS.map((u) => ({ value: u.sigla, label: u.sigla }));
const idCampo = (path: string) => `forca-${path}`;
/** The search's results may be empty: the link goes to the chosen ones. */
const alvoDoResumo = (path: string) => idCampo(path === 'servidores' ? 'escolhidos' : path);
const rotuloServidor = (s: ServidorForcaTarefa) => `${s.nome} (${s.siglaOrgao})`;

/** The task-force form (spec points 3, 5 and 8). */
export function FormularioForca({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [tentativa, setTentativa] = useState(0);
  const [busca, setBusca] = useState('');
  const [buscaAplicada, setBuscaAplicada] = useState('');
  const existente = useQuery({ queryKey: forcaKeys.detalhe(id ?? 0), queryFn: () => fetchForca(id!), enabled: id !== null });
  const atos = useQuery({ queryKey: forcaKeys.atos(), queryFn: fetchAtosVigentes });
  const candidatos = useQuery({ queryKey: forcaKeys.servidores(buscaAplicada), queryFn: () => fetchServidores(buscaAplicada) });
  const form = useFormulario<ValoresForcaTarefa, unknown, ForcaTarefaCorpo>({ resolver: zodResolver(forcaTarefaFormulario), defaultValues: VAZIO });
  const { control, register, handleSubmit, reset, watch, setValue, formState: { errors, isSubmitted } } = form;
  // The servers ticked in earlier searches, by id, listed whatever the current search found.
  const [marcadosAntes, setMarcadosAntes] = useState<ReadonlyMap<number, ServidorForcaTarefa>>(new Map());
  const listaEscolhidos = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const f = existente.data;
    if (f) {
      reset({
        titulo: f.titulo, atoNormativo: String(f.atoNormativo.id), ufAtendidas: f.ufAtendidas, dataLimite: f.dataLimite, ativa: f.ativa,
        servidores: f.forcaTarefaLotacao.map((l) => String(l.usuarioMapa.id)),
      });
    }
  }, [existente.data, reset]);

  const salvar = useMutation({
    mutationFn: (corpo: ForcaTarefaCorpo) => salvarForca(id === null ? corpo : { ...corpo, id }),
    onSuccess: async (r) => {
      showToast('success', r.mensagem);
      await qc.invalidateQueries({ queryKey: forcaKeys.all });
      await navigate(ROTA_ADMIN_FORCAS_TAREFA);
    },
    onError: (e) => {
      form.mostrarErrosDoServidor(e);
      setTentativa((n) => n + 1);
      const invalidos = ehCasoDe(codigoErroDe(e), CodigoErro.DADOS_INVALIDOS);
      showToast('error', mensagemErro(e, invalidos ? MENSAGENS_FORCA_TAREFA.camposObrigatorios : MENSAGENS_FORCA_TAREFA.erroConsultar));
    },
  });

  const onSubmit = handleSubmit(
    async (v) => {
      if (await confirmar({ text: id === null ? MENSAGENS_FORCA_TAREFA.confirmarCriacao : MENSAGENS_FORCA_TAREFA.confirmarEdicao })) salvar.mutate(v);
    },
    (erros) => {
      setTentativa((n) => n + 1);
      const soServidores = Object.keys(erros).length === 1 && erros.servidores;
      showToast('error', soServidores ? MENSAGENS_FORCA_TAREFA.semServidor : MENSAGENS_FORCA_TAREFA.camposObrigatorios);
    },
  );

  if (id !== null && existente.isError) return <Message kind="danger" title={mensagemErro(existente.error, MENSAGENS_FORCA_TAREFA.erroConsultar)} />;
  if (id !== null && !existente.data) return <p role="status">Carregando…</p>;

  // Kept apart from the search: unticking never touches a choice the current search does not show.
  const escolhidos = watch('servidores');
  const encontrados = candidatos.data?.servidores ?? [];
  const opcoesServidores = encontrados.map((sv) => ({ value: String(sv.id), label: rotuloServidor(sv) }));
  const idsEncontrados = new Set(opcoesServidores.map((o) => o.value));
  const mudarServidores = (proximos: string[]) =>
    setValue('servidores', proximos, { shouldDirty: true, shouldValidate: isSubmitted });
  const lotados = existente.data?.forcaTarefaLotacao.map((l) => l.usuarioMapa) ?? [];
  const servidorDe = (id: number) => encontrados.find((e) => e.id === id) ?? marcadosAntes.get(id) ?? lotados.find((l) => l.id === id);
  function marcarEncontrados(marcados: string[]) {
    setMarcadosAntes((antes) => {
      const m = new Map(antes);
      for (const sv of encontrados) if (marcados.includes(String(sv.id))) m.set(sv.id, sv);
      return m;
    });
    mudarServidores([...escolhidos.filter((v) => !idsEncontrados.has(v)), ...marcados]);
  }
  function removerEscolhido(valor: string) {
    const i = escolhidos.indexOf(valor);
    mudarServidores(escolhidos.filter((v) => v !== valor));
    // Never to <body>.
    requestAnimationFrame(() => {
      const botoes = listaEscolhidos.current?.querySelectorAll<HTMLButtonElement>('button');
      const proximo = botoes?.[Math.min(i, botoes.length - 1)];
      (proximo ?? listaEscolhidos.current)?.focus();
    });
  }
  function buscar() {
    setBuscaAplicada(busca);
  }
  const opcoesAtos = [
    ...(existente.data && !atos.data?.atosNormativos.some((a) => a.id === existente.data.atoNormativo.id)
      ? [{ value: String(existente.data.atoNormativo.id), label: existente.data.atoNormativo.nome }] : []),
    ...(atos.data?.atosNormativos ?? []).map((a) => ({ value: String(a.id), label: a.nome })),
  ];

  return (
    <form aria-label={id === null ? 'Cadastrar força-tarefa' : 'Editar força-tarefa'} noValidate onSubmit={(e) => void onSubmit(e)}>
      <ErrorSummary errors={summaryOf(errors, alvoDoResumo)} attempt={tentativa} />
      <CampoTexto control={control} name="titulo" id={idCampo('titulo')} label="Título" maxLength={200} />
      <CampoSelect control={control} name="atoNormativo" id={idCampo('atoNormativo')} label="Ato normativo" hint="Atos normativos vigentes" options={opcoesAtos} placeholder="Selecione" />
      <CampoCheckboxes control={control} name="ufAtendidas" id={idCampo('ufAtendidas')} legend="UFs atendidas" options={OPCOES_UF} inline />
      <CampoTexto control={control} name="dataLimite" id={idCampo('dataLimite')} label="Data limite" hint="Último dia em que a força-tarefa amplia o acesso dos servidores" type="date" />
      <CheckboxField id={idCampo('ativa')} label="Força-tarefa ativa" {...register('ativa')} />

      <fieldset className="field admin-servidores">
        <legend>Servidores</legend>
        <div ref={listaEscolhidos} id={idCampo('escolhidos')} className="admin-escolhidos" tabIndex={-1}>
          <p id={idCampo('escolhidos-titulo')} className="admin-escolhidos-titulo">
            {escolhidos.length === 0
              ? 'Nenhum servidor selecionado.'
              : `Servidores selecionados (${escolhidos.length})`}
          </p>
          {escolhidos.length > 0 && (
            <ul aria-labelledby={idCampo('escolhidos-titulo')}>
              {escolhidos.map((v) => {
                const sv = servidorDe(Number(v));
                const nome = sv ? rotuloServidor(sv) : `Servidor nº ${v}`;
                return (
                  <li key={v}>
                    <span>{nome}</span>
                    <button type="button" className="br-button secondary small" onClick={() => removerEscolhido(v)}>
                      Remover <span className="sr-only">{nome}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <div className="admin-busca">
          <TextField
            id={idCampo('busca-servidor')}
            label="Buscar servidor pelo nome"
            value={busca}
            onChange={(e) => setBusca(e.target.value)}
            // Enter searches, as the button does, instead of submitting the whole form.
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                buscar();
              }
            }}
            maxLength={200}
          />
          <button type="button" className="br-button secondary" onClick={buscar}>
            Buscar
          </button>
        </div>
        {candidatos.isError && <Message kind="danger" title={mensagemErro(candidatos.error, MENSAGENS_FORCA_TAREFA.erroConsultar)} />}
        {candidatos.data && opcoesServidores.length === 0 && <p role="status">Nenhum servidor encontrado.</p>}
        <CheckboxGroup
          id={idCampo('servidores')}
          name="servidores"
          legend="Servidores encontrados"
          hint="Servidores SFPA não bloqueados. Marque para incluir; os já selecionados continuam na lista acima a cada nova busca."
          options={opcoesServidores}
          value={escolhidos.filter((v) => idsEncontrados.has(v))}
          onChange={marcarEncontrados}
          error={errors.servidores?.message}
        />
      </fieldset>

      <AcoesFormulario cancelarPara={ROTA_ADMIN_FORCAS_TAREFA} salvando={salvar.isPending} />
    </form>
  );
}
