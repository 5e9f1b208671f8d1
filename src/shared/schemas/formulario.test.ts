import { describe, expect, it } from 'vitest';
import { z } from '../zod-pt';
import { MENSAGENS_FORCA_TAREFA, forcaTarefaFormulario } from './forca-tarefa';
import { formularioDoCorpo, problemasDoCorpo, vazioAusente } from './formulario';
import { MENSAGENS_LOTE, loteManualCorpo, regrasLote } from './lote';
import { MENSAGENS_USUARIO_MAPA, usuarioMapaFormulario, type ValoresUsuarioMapa } from './usuario-mapa';

const corpo = z.object({
  ato: z.number({ error: 'Informe o ato' }),
  pessoa: z.object({ nome: z.string().trim().min(1, 'Informe o nome') }),
  inicio: z.string(),
  fim: z.string(),
}).superRefine((v, ctx) => {
  for (const p of regras(v)) ctx.addIssue({ code: 'custom', path: [...p.path], message: p.message });
});
function regras(v: { inicio?: string; fim?: string }) {
  return v.inicio && v.fim && v.inicio >= v.fim ? [{ path: ['fim'], message: 'O início vem antes do fim' }] : [];
}

describe('problemasDoCorpo', () => {
  it("answers the schema's issues and the rules across fields zod skipped after a missing field, each once", () => {
    expect(problemasDoCorpo(corpo, { pessoa: { nome: ' ' }, inicio: '2', fim: '1' }, regras)).toEqual([
      { path: ['ato'], message: 'Informe o ato' },
      { path: ['pessoa', 'nome'], message: 'Informe o nome' },
      { path: ['fim'], message: 'O início vem antes do fim' },
    ]);
    // The refinement ran (no field missing): its problem is not repeated.
    expect(problemasDoCorpo(corpo, { ato: 1, pessoa: { nome: '' }, inicio: '2', fim: '1' }, regras)).toHaveLength(2);
    expect(problemasDoCorpo(corpo, { ato: 1, pessoa: { nome: 'A' }, inicio: '1', fim: '2' }, regras)).toEqual([]);
  });

  it("answers a field's first problem only, the one its field shows, though zod 4 ran its later checks too", () => {
    const data = z.object({ ate: z.string().min(1, 'Informe a data').regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida') });
    expect(data.safeParse({ ate: '' }).error?.issues).toHaveLength(2);
    expect(problemasDoCorpo(data, { ate: '' })).toEqual([{ path: ['ate'], message: 'Informe a data' }]);
  });
});

describe('formularioDoCorpo', () => {
  const form = formularioDoCorpo(corpo, {
    paraCorpo: (v: { ato: string; nome: string; inicio: string; fim: string }) => ({
      ato: v.ato ? Number(v.ato) : undefined, pessoa: { nome: v.nome }, inicio: v.inicio, fim: v.fim,
    }),
    campo: (path) => (path[0] === 'pessoa' ? path.slice(1) : path),
    regras,
  });

  it("validates the form's values as the body they make, each problem at the form's field", () => {
    const r = form.safeParse({ ato: '', nome: '', inicio: '2', fim: '1' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ato', 'Informe o ato'], ['nome', 'Informe o nome'], ['fim', 'O início vem antes do fim'],
    ]);
  });

  it('answers the body as the schema reads it', () => {
    expect(form.parse({ ato: '3', nome: ' Ana ', inicio: '1', fim: '2' })).toEqual({ ato: 3, pessoa: { nome: 'Ana' }, inicio: '1', fim: '2' });
  });
});

describe('vazioAusente', () => {
  it("reads an empty input as the field not given, with the field's own message", () => {
    const data = vazioAusente(z.string({ error: 'Campo obrigatório' }).regex(/^\d{4}$/, 'Ano inválido'));
    expect(data.safeParse('').error?.issues[0]?.message).toBe('Campo obrigatório');
    expect(data.safeParse('20').error?.issues[0]?.message).toBe('Ano inválido');
    expect(data.parse('2026')).toBe('2026');
  });
});

describe("the forms' schemas derived from the bodies", () => {
  const usuario: ValoresUsuarioMapa = {
    cpf: '', nome: '', tipoUsuario: '', siglaOrgao: '', matricula: '', email: 'x', validade: '', ativo: true,
    acessoCustomizado: true, horaLimiteInicioAcesso: '', horaLimiteTerminoAcesso: '', usuarioPodeAcessarTodosDias: false,
  };

  it("the map user's: the body's messages at the form's flat fields, the custom hours with the missing profile", () => {
    const r = usuarioMapaFormulario.safeParse(usuario);
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      nome: MENSAGENS_USUARIO_MAPA.nomeObrigatorio,
      cpf: MENSAGENS_USUARIO_MAPA.cpfInvalido,
      tipoUsuario: MENSAGENS_USUARIO_MAPA.perfilObrigatorio,
      email: MENSAGENS_USUARIO_MAPA.emailInvalido,
      horaLimiteInicioAcesso: 'Informe os horários de início e de término',
      horaLimiteTerminoAcesso: 'Informe os horários de início e de término',
    });
    const semOrgao = usuarioMapaFormulario.safeParse({
      ...usuario, cpf: '800.000.008-33', nome: 'Ana', tipoUsuario: '3', email: '', acessoCustomizado: false,
    });
    expect(semOrgao.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['siglaOrgao', MENSAGENS_USUARIO_MAPA.orgaoObrigatorio]]);
  });

  it("the task force's: no server is told with the other missing fields, at the servers", () => {
    const r = forcaTarefaFormulario.safeParse({ titulo: '', atoNormativo: '', ufAtendidas: [], dataLimite: '', ativa: true, servidores: [] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['titulo', 'Informe o título'],
      ['ufAtendidas', MENSAGENS_FORCA_TAREFA.semUf],
      ['atoNormativo', 'Informe o ato normativo'],
      ['dataLimite', 'Informe a data limite'],
      ['servidores', MENSAGENS_FORCA_TAREFA.semServidor],
    ]);
  });

  it("a batch's: the suspension's deadline is asked for with the missing act", () => {
    const problemas = problemasDoCorpo(loteManualCorpo, {
      tipo: 2, orgaoSolicitante: 'IBAMA', justificativa: 'x', dataLimiteSuspensao: null, listaCpfPescador: ['1'],
    }, regrasLote);
    expect(problemas.map((p) => p.message)).toEqual(['Informe o ato normativo.', MENSAGENS_LOTE.dataLimiteObrigatoria]);
  });
});
