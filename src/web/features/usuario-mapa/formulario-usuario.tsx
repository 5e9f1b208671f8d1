import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCpf, onlyDigits } from '../../../shared/cpf';
import {
  MENSAGENS_USUARIO_MAPA, ORGAO_MPA, orgaoDoPerfil, PERFIS_ORGAO_MPA, usuarioMapaFormulario, type UsuarioMapa, type UsuarioMapaCorpo,
  type ValoresUsuarioMapa,
} from '../../../shared/schemas/usuario-mapa';
import { ROTA_ADMIN_USUARIOS } from '../../../shared/rotas-web';
import { ErrorSummary } from '../../components/error-summary';
import { CampoMascara, CampoSelect } from '../../components/form/campos';
import { CheckboxField } from '../../components/form/checkbox-field';
import { summaryOf } from '../../components/form/form-errors';
import { CpfField } from '../../components/form/masked-field';
import { TextField } from '../../components/form/text-field';
import { useFormulario } from '../../components/form/use-formulario';
import { Loading } from '../../components/loading';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { OPCOES_ORGAO, OPCOES_PERFIL } from './opcoes';
import { fetchPessoaBcpf, fetchUsuarioPorCpf, salvarUsuario, useUsuarioPorCpf } from './usuario-mapa-api';
import './usuarios.css';

/** Save errors on the users form stay 8 s (spec point 9). */
const DURACAO_ERRO = 8000;

const VAZIO: ValoresUsuarioMapa = {
  cpf: '', nome: '', tipoUsuario: '', siglaOrgao: '', matricula: '', email: '', validade: '', ativo: true,
  acessoCustomizado: false, horaLimiteInicioAcesso: '', horaLimiteTerminoAcesso: '', usuarioPodeAcessarTodosDias: false,
};

function valoresDe(u: UsuarioMapa): ValoresUsuarioMapa {
  return {
    cpf: formatCpf(u.usuario.cpf),
    nome: u.usuario.nome,
    tipoUsuario: String(u.tipoUsuario.id),
    siglaOrgao: u.siglaOrgao,
    matricula: u.matricula ?? '',
    email: u.email ?? '',
    validade: u.validade ?? '',
    ativo: u.ativo,
    acessoCustomizado: u.acessoCustomizado,
    horaLimiteInicioAcesso: u.horaLimiteInicioAcesso ?? '',
    horaLimiteTerminoAcesso: u.horaLimiteTerminoAcesso ?? '',
    usuarioPodeAcessarTodosDias: u.usuarioPodeAcessarTodosDias,
  };
}

/**
 * The server-user edit screen with the CPF lookup (spec point 2): a CPF already registered opens its user, a new one
 * is looked up in the federal registry.
 */
export function FormularioUsuario({ cpfInicial }: { cpfInicial: string | null }) {
  const navigate = useNavigate();
  const existente = useUsuarioPorCpf(cpfInicial);
  const [idConsultado, setId] = useState<number | null>(null);
  const id = existente.data?.id ?? idConsultado;
  const [consultando, setConsultando] = useState(false);
  const [salvando, setSalvando] = useState(false);
  const [tentativa, setTentativa] = useState(0);
  const {
    register, control, handleSubmit, reset, watch, setValue, getValues, trigger,
    formState: { errors },
  } = useFormulario<ValoresUsuarioMapa, unknown, UsuarioMapaCorpo>({ resolver: zodResolver(usuarioMapaFormulario), defaultValues: VAZIO });

  // The agency typed before a national profile replaced it with MPA (see below); a loaded user forgets it.
  const orgaoEscolhido = useRef<string | null>(null);
  const carregar = useCallback((u: UsuarioMapa) => {
    orgaoEscolhido.current = null;
    reset(valoresDe(u));
  }, [reset]);

  useEffect(() => {
    if (existente.data) carregar(existente.data);
  }, [existente.data, carregar]);

  const perfil = Number(watch('tipoUsuario')) || 0;
  const orgaoNacional = PERFIS_ORGAO_MPA.includes(perfil);
  const orgao = orgaoDoPerfil(perfil, watch('siglaOrgao'));
  const custom = watch('acessoCustomizado');

  // The agency the profile implies is the one the select shows (spec point 5), never 'Selecione' beside a state
  // DF. The agency chosen for another profile comes back if the profile changes back.
  useEffect(() => {
    const atual = getValues('siglaOrgao');
    if (orgaoNacional) {
      if (atual !== ORGAO_MPA.sigla) {
        orgaoEscolhido.current = atual;
        setValue('siglaOrgao', ORGAO_MPA.sigla);
      }
    } else if (orgaoEscolhido.current !== null) {
      if (atual === ORGAO_MPA.sigla) setValue('siglaOrgao', orgaoEscolhido.current);
      orgaoEscolhido.current = null;
    }
  }, [orgaoNacional, getValues, setValue]);

  async function consultarCpf() {
    if (!(await trigger('cpf'))) {
      setTentativa((n) => n + 1);
      return;
    }
    const cpf = onlyDigits(getValues('cpf'));
    setConsultando(true);
    try {
      const usuario = await fetchUsuarioPorCpf(cpf);
      if (usuario) {
        setId(usuario.id);
        carregar(usuario);
        showToast('info', 'Servidor já cadastrado: os dados foram carregados para edição.');
        return;
      }
      const pessoa = await fetchPessoaBcpf(cpf);
      setId(null);
      setValue('nome', pessoa.nome, { shouldValidate: true });
      if (pessoa.matricula) setValue('matricula', pessoa.matricula);
      if (pessoa.email) setValue('email', pessoa.email);
      showToast('success', `CPF encontrado: ${pessoa.nome}.`);
    } catch (error) {
      showToast('error', mensagemErro(error, MENSAGENS_USUARIO_MAPA.erroConsultarCpf), { autoClose: DURACAO_ERRO });
    } finally {
      setConsultando(false);
    }
  }

  const onSubmit = handleSubmit(
    async (v) => {
      setSalvando(true);
      try {
        const { mensagem } = await salvarUsuario(id ? { ...v, id } : v);
        showToast('success', mensagem);
        void navigate(ROTA_ADMIN_USUARIOS);
      } catch (error) {
        showToast('error', mensagemErro(error, MENSAGENS_USUARIO_MAPA.erroSalvar), { autoClose: DURACAO_ERRO });
      } finally {
        setSalvando(false);
      }
    },
    () => {
      setTentativa((n) => n + 1);
      showToast('error', MENSAGENS_USUARIO_MAPA.confiraCampos, { autoClose: DURACAO_ERRO });
    },
  );

  if (cpfInicial && existente.isPending) return <Loading label="Carregando o servidor…" />;

  return (
    <form className="usuario-form" aria-labelledby="titulo-form-usuario" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 id="titulo-form-usuario">{id ? 'Editar servidor' : 'Cadastrar servidor'}</h2>
      <ErrorSummary errors={summaryOf(errors)} attempt={tentativa} />
      <div className="usuario-consulta-cpf">
        <CampoMascara control={control} name="cpf" Componente={CpfField} label="CPF" hint="Consulte o CPF para carregar os dados"
          readOnly={id !== null} />
        {id === null && (
          <button type="button" className="br-button secondary" onClick={() => void consultarCpf()} disabled={consultando}>
            <i className="fas fa-search" aria-hidden="true" /> {consultando ? 'Consultando…' : 'Consultar CPF'}
          </button>
        )}
      </div>
      <div className="usuario-form-campos">
        <TextField id="nome" label="Nome" autoComplete="off" error={errors.nome?.message} {...register('nome')} />
        <CampoSelect control={control} name="tipoUsuario" label="Perfil" options={OPCOES_PERFIL} />
        <CampoSelect control={control} name="siglaOrgao" label="Órgão de lotação" options={OPCOES_ORGAO} disabled={orgaoNacional}
          hint={orgaoNacional ? 'Este perfil é sempre lotado no MPA (DF).' : 'Obrigatório para os perfis SFPA e Consulta interna.'} />
        <TextField id="ufOrgao" label="UF do órgão" value={orgao?.ufOrgao ?? ''} readOnly hint="Definida pelo órgão de lotação" />
        <TextField id="matricula" label="Matrícula" optional autoComplete="off" error={errors.matricula?.message} {...register('matricula')} />
        <TextField id="email" label="E-mail" type="email" optional autoComplete="off" error={errors.email?.message} {...register('email')} />
        <TextField id="validade" label="Validade do acesso" type="date" optional hint="Sem data, o acesso não expira"
          error={errors.validade?.message} {...register('validade')} />
      </div>
      <CheckboxField id="ativo" label="Ativo (desmarque para bloquear o acesso)" {...register('ativo')} />
      <fieldset>
        <legend>Horário de acesso</legend>
        <CheckboxField id="acessoCustomizado" label="Horário personalizado (em vez do horário do órgão)" {...register('acessoCustomizado')} />
        {custom && (
          <div className="usuario-form-campos">
            <TextField id="horaLimiteInicioAcesso" label="Início do acesso" type="time" hint="HH:MM, horário de Brasília"
              error={errors.horaLimiteInicioAcesso?.message} {...register('horaLimiteInicioAcesso')} />
            <TextField id="horaLimiteTerminoAcesso" label="Término do acesso" type="time" hint="HH:MM, horário de Brasília"
              error={errors.horaLimiteTerminoAcesso?.message} {...register('horaLimiteTerminoAcesso')} />
          </div>
        )}
        <CheckboxField id="usuarioPodeAcessarTodosDias" label="Pode acessar todos os dias (inclusive sábados e domingos)"
          {...register('usuarioPodeAcessarTodosDias')} />
      </fieldset>
      <div className="form-actions">
        <button type="button" className="br-button secondary" onClick={() => void navigate(ROTA_ADMIN_USUARIOS)}>Cancelar</button>
        <div className="form-actions-forward">
          <button type="submit" className="br-button primary" disabled={salvando}>
            {salvando ? 'Salvando…' : 'Salvar'}
          </button>
        </div>
      </div>
    </form>
  );
}
