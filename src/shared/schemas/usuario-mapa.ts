import { z } from 'zod';
import { isValidCpf, onlyDigits } from '../cpf';
import { Perfil } from '../enums';
import { hora, MENSAGENS_HORARIO_ACESSO, siglaOrgao } from './horario-acesso';
import { formularioDoCorpo, type ProblemaDeCampo } from './formulario';
import { id, texto } from './primitivos';
import { paginacaoSchema } from './solicitacao-api';

/** Map users: the staff's accounts (spec point 3 "Users"). */

export const MENSAGENS_USUARIO_MAPA = {
  salvo: 'Salvo com sucesso!!!',
  erroSalvar: 'Erro ao salvar os dados.',
  confiraCampos: 'Confira todos os campos obrigatórios do formulário',
  nenhumServidorCpf: 'Não foi encontrado nenhum servidor cadastrado com esse CPF',
  maisDeUmServidor: 'Existe mais de 1 servidor registrado com esse mesmo cpf',
  erroConsultarCpf: 'Erro ao consultar CPF',
  nenhumUsuario: 'Nenhum Usuário foi encontrado!',
  cpfInvalido: 'CPF inválido',
  nomeObrigatorio: 'Informe o nome',
  perfilObrigatorio: 'Selecione o perfil',
  perfilInvalido: 'Perfil inválido para um servidor',
  orgaoObrigatorio: 'Selecione o órgão de lotação',
  orgaoInexistente: 'Órgão não encontrado.',
  emailInvalido: 'E-mail inválido',
  jaCadastrado: 'Já existe um servidor cadastrado com este CPF.',
  naoEncontrado: 'Servidor não encontrado.',
  cpfNaoMuda: 'O CPF de um servidor cadastrado não pode ser alterado.',
  somenteAdminGereAdmin: 'Somente um administrador pode cadastrar ou alterar um administrador.',
  ultimoGestor: 'Esta alteração deixaria o sistema sem nenhum gestor ativo. Cadastre ou reative outro gestor antes.',
  horarioSalvo: 'Horário de acesso salvo com sucesso',
} as const;

/** Profiles a map user may hold: every one but the fisher's. */
export const PERFIS_SERVIDOR = [Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN, Perfil.CONSULTA_INTERNO, Perfil.CONSULTA_EXTERNO] as const;

export const PERFIS_ORGAO_MPA: readonly number[] = [Perfil.GESTOR, Perfil.MPA, Perfil.CONSULTA_EXTERNO, Perfil.ADMIN];

export const ORGAO_MPA = { sigla: 'MPA', uf: 'DF' } as const;

/** GESTOR, MPA, CONSULTA_EXTERNO and ADMIN get MPA in DF; the others keep the chosen agency (spec point 5). */
export function orgaoDoPerfil(tipoUsuario: number, siglaEscolhida: string | null | undefined): { siglaOrgao: string; ufOrgao: string } | null {
  if (PERFIS_ORGAO_MPA.includes(tipoUsuario)) return { siglaOrgao: ORGAO_MPA.sigla, ufOrgao: ORGAO_MPA.uf };
  const sigla = (siglaEscolhida ?? '').trim().toUpperCase();
  if (!sigla) return null;
  const hifen = sigla.indexOf('-');
  return { siglaOrgao: sigla, ufOrgao: hifen >= 0 ? sigla.slice(hifen + 1) : ORGAO_MPA.uf };
}

export function cpfTexto() {
  return texto().transform(onlyDigits).refine(isValidCpf, MENSAGENS_USUARIO_MAPA.cpfInvalido);
}

/** `{cpf}` in a path. */
export const cpfParam = z.object({ cpf: cpfTexto() });

export const usuarioMapaSchema = z.object({
  id: z.number().int(),
  usuario: z.object({ id: z.number().int(), nome: z.string(), cpf: z.string(), bloqueado: z.boolean() }),
  tipoUsuario: z.object({ id: z.number().int(), descricao: z.string() }),
  siglaOrgao: z.string(),
  ufOrgao: z.string(),
  matricula: z.string().nullable(),
  validade: z.string().nullable(),
  email: z.string().nullable(),
  acessoCustomizado: z.boolean(),
  horaLimiteInicioAcesso: z.string().nullable(),
  horaLimiteTerminoAcesso: z.string().nullable(),
  usuarioPodeAcessarTodosDias: z.boolean(),
  ativo: z.boolean(),
});
export type UsuarioMapa = z.infer<typeof usuarioMapaSchema>;

/** GET /api/usuario-mapa?{filters}: `dados: {total, usuarios}`. */
export const listaUsuariosMapaSchema = z.object({ total: z.number().int(), usuarios: z.array(usuarioMapaSchema) });
export type ListaUsuariosMapa = z.infer<typeof listaUsuariosMapaSchema>;

const booleanoQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const filtrosUsuarioMapa = paginacaoSchema.extend({
  nome: texto().trim().min(3, 'Informe pelo menos 3 letras do nome').max(100).optional(),
  cpf: cpfTexto().optional(),
  tipoUsuario: z.coerce.number().int().refine((v) => (PERFIS_SERVIDOR as readonly number[]).includes(v), MENSAGENS_USUARIO_MAPA.perfilInvalido).optional(),
  siglaOrgao: siglaOrgao().optional(),
  ufOrgao: texto().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'UF inválida').optional(),
  ativo: booleanoQuery.optional(),
});
export type FiltrosUsuarioMapa = z.output<typeof filtrosUsuarioMapa>;

const horasCustomizadas = {
  acessoCustomizado: z.boolean().default(false),
  horaLimiteInicioAcesso: hora().nullable().optional(),
  horaLimiteTerminoAcesso: hora().nullable().optional(),
  usuarioPodeAcessarTodosDias: z.boolean().default(false),
};

interface HorasCustomizadas {
  acessoCustomizado?: boolean | undefined;
  horaLimiteInicioAcesso?: string | null | undefined;
  horaLimiteTerminoAcesso?: string | null | undefined;
}

function problemasHoras(v: HorasCustomizadas): ProblemaDeCampo[] {
  const p: ProblemaDeCampo[] = [];
  if (!v.acessoCustomizado) return p;
  if (!v.horaLimiteInicioAcesso) p.push({ path: ['horaLimiteInicioAcesso'], message: MENSAGENS_HORARIO_ACESSO.horaObrigatoria });
  if (!v.horaLimiteTerminoAcesso) p.push({ path: ['horaLimiteTerminoAcesso'], message: MENSAGENS_HORARIO_ACESSO.horaObrigatoria });
  if (v.horaLimiteInicioAcesso && v.horaLimiteTerminoAcesso && v.horaLimiteInicioAcesso >= v.horaLimiteTerminoAcesso) {
    p.push({ path: ['horaLimiteTerminoAcesso'], message: MENSAGENS_HORARIO_ACESSO.inicioAntesTermino });
  }
  return p;
}

function refinarHoras(v: HorasCustomizadas, ctx: z.RefinementCtx) {
  for (const p of problemasHoras(v)) ctx.addIssue({ code: 'custom', path: [...p.path], message: p.message });
}

export function regrasUsuarioMapa(v: HorasCustomizadas & { tipoUsuario?: { id?: number | undefined } | undefined; siglaOrgao?: string | null | undefined }) {
  const p = problemasHoras(v);
  const perfil = v.tipoUsuario?.id;
  if (typeof perfil === 'number' && !orgaoDoPerfil(perfil, v.siglaOrgao)) p.push({ path: ['siglaOrgao'], message: MENSAGENS_USUARIO_MAPA.orgaoObrigatorio });
  return p;
}

/** With `id` it updates, else creates. The server derives the agency from the profile; `ufOrgao` is ignored. */
export const usuarioMapaCorpo = z.object({
  id: id().nullable().optional(),
  usuario: z.object({
    id: id().nullable().optional(),
    nome: texto().trim().min(1, MENSAGENS_USUARIO_MAPA.nomeObrigatorio).max(200).transform((v) => v.toUpperCase()),
    cpf: cpfTexto(),
    bloqueado: z.boolean().default(false),
  }),
  tipoUsuario: z.object({
    id: z.number({ error: MENSAGENS_USUARIO_MAPA.perfilObrigatorio }).int()
      .refine((v) => (PERFIS_SERVIDOR as readonly number[]).includes(v), MENSAGENS_USUARIO_MAPA.perfilInvalido),
  }),
  siglaOrgao: siglaOrgao().nullable().optional(),
  ufOrgao: texto().max(2).nullable().optional(),
  matricula: texto().trim().max(30).nullable().optional().transform((v) => v || null),
  validade: z.iso.date('Data inválida').nullable().optional().transform((v) => v ?? null),
  email: texto().trim().max(200).pipe(z.union([z.literal(''), z.email(MENSAGENS_USUARIO_MAPA.emailInvalido)]))
    .nullable().optional().transform((v) => v || null),
  ...horasCustomizadas,
}).superRefine((v, ctx) => {
  for (const p of regrasUsuarioMapa(v)) ctx.addIssue({ code: 'custom', path: [...p.path], message: p.message });
});
export type UsuarioMapaCorpo = z.output<typeof usuarioMapaCorpo>;

export interface ValoresUsuarioMapa {
  cpf: string;
  nome: string;
  tipoUsuario: string;
  siglaOrgao: string;
  matricula: string;
  email: string;
  validade: string;
  ativo: boolean;
  acessoCustomizado: boolean;
  horaLimiteInicioAcesso: string;
  horaLimiteTerminoAcesso: string;
  usuarioPodeAcessarTodosDias: boolean;
}

export function corpoDoFormularioUsuario(v: ValoresUsuarioMapa) {
  const orgao = v.tipoUsuario ? orgaoDoPerfil(Number(v.tipoUsuario), v.siglaOrgao) : null;
  return {
    usuario: { nome: v.nome.trim(), cpf: onlyDigits(v.cpf), bloqueado: !v.ativo },
    tipoUsuario: { id: v.tipoUsuario ? Number(v.tipoUsuario) : undefined },
    siglaOrgao: orgao?.siglaOrgao ?? null,
    ufOrgao: orgao?.ufOrgao ?? null,
    matricula: v.matricula.trim() || null,
    validade: v.validade || null,
    email: v.email.trim() || null,
    acessoCustomizado: v.acessoCustomizado,
    horaLimiteInicioAcesso: v.acessoCustomizado ? v.horaLimiteInicioAcesso || null : null,
    horaLimiteTerminoAcesso: v.acessoCustomizado ? v.horaLimiteTerminoAcesso || null : null,
    usuarioPodeAcessarTodosDias: v.usuarioPodeAcessarTodosDias,
  };
}

export const usuarioMapaFormulario = formularioDoCorpo(usuarioMapaCorpo, {
  paraCorpo: corpoDoFormularioUsuario,
  campo: ([raiz, campo]) => {
    if (raiz === 'usuario') return [campo === 'bloqueado' ? 'ativo' : String(campo)];
    if (raiz === 'ufOrgao') return ['siglaOrgao'];
    return raiz === undefined ? [] : [raiz];
  },
  regras: regrasUsuarioMapa,
});

export const horarioAcessoUsuarioCorpo = z.object({ id: id(), ...horasCustomizadas }).superRefine(refinarHoras);
export type HorarioAcessoUsuarioCorpo = z.output<typeof horarioAcessoUsuarioCorpo>;

/** The person behind a CPF in the federal CPF registry (BCPF). */
export const pessoaBcpfSchema = z.object({
  cpf: z.string(),
  nome: z.string(),
  matricula: z.string().nullable(),
  email: z.string().nullable(),
});
export type PessoaBcpf = z.infer<typeof pessoaBcpfSchema>;

