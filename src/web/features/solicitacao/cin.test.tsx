import { describe, expect, it } from 'vitest';
import { MENSAGENS_CIN } from '../../../shared/regras/cin';
import { fail, ok } from '../../test/http';
import {
  abrir, campo, corpos, fireEvent, http, rascunho, screen, tituloDoPasso, usarServidorFalso, waitFor,
} from './wizard-test-utils';

usarServidorFalso();

/** The CIN's date as the server tells it (GET /api/configuracao-publica, decision 0053). */
function configuracao(cinObrigatoriaDesde: string | null, hoje: string) {
  http.get('/api/configuracao-publica', ok({ cinObrigatoriaDesde, hoje }));
}

/** The notice's text, wherever the gov.br message puts it. */
const aviso = (texto: string) => screen.findByText((_t, el) => el?.classList.contains('message-body') === true && el.textContent?.trim() === texto);

describe('the CIN in the first registration (registro inicial)', () => {
  it('says before the date, at the identity document of step 1, that the CIN will be required, as a notice', async () => {
    configuracao('2027-01-04', '2026-12-20');
    abrir('/pescador/solicitacao?tipoSolicitacao=1');
    await tituloDoPasso(1, 'Dados pessoais');
    const texto = MENSAGENS_CIN.registroInicial('2027-01-04');
    expect(texto).toMatch(/^A partir de 04\/01\/2027, o registro inicial exige a Carteira de Identidade Nacional \(CIN\)\./);
    const el = await aviso(texto);
    expect(el.closest('.br-message')?.classList.contains('info')).toBe(true);
    expect(el.closest('fieldset')?.querySelector('legend')?.textContent).toBe('Documento de identificação');
  });

  it('warns from the date on, and the CIN box fills the number with the CPF, read-only', async () => {
    configuracao('2027-01-04', '2027-01-04');
    http.post('/api/solicitacao', ok(rascunho(1)));
    abrir('/pescador/solicitacao?tipoSolicitacao=1');
    await tituloDoPasso(1, 'Dados pessoais');
    const el = await aviso(MENSAGENS_CIN.registroInicial('2027-01-04'));
    expect(el.closest('.br-message')?.classList.contains('warning')).toBe(true);

    const numero = campo('Número do documento') as HTMLInputElement;
    fireEvent.click(screen.getByLabelText(MENSAGENS_CIN.rotuloCin));
    expect(numero.value).toBe('123.456.789-09');
    expect(numero.readOnly).toBe(true);
    expect((screen.getByLabelText(MENSAGENS_CIN.rotuloCin) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText(MENSAGENS_CIN.rotuloCin));
    expect(numero.value).toBe('');
    expect(numero.readOnly).toBe(false);
  });

  it('ticks the CIN box for a saved document numbered by the CPF', async () => {
    configuracao('2027-01-04', '2027-01-05');
    const salvo = rascunho(1);
    http.get('/api/solicitacao/77', ok({ ...salvo, docIdentificacao: { ...(salvo.docIdentificacao as object), numero: '123.456.789-09' } }));
    abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77&passo=1');
    await tituloDoPasso(1, 'Dados pessoais');
    await waitFor(() => expect((screen.getByLabelText(MENSAGENS_CIN.rotuloCin) as HTMLInputElement).checked).toBe(true));
    expect((campo('Número do documento') as HTMLInputElement).value).toBe('123.456.789-09');
  });

  it('says nothing while no date is set, nor in a re-registration, nor when the settings cannot be read', async () => {
    configuracao(null, '2027-01-05');
    const a = abrir('/pescador/solicitacao?tipoSolicitacao=1');
    await tituloDoPasso(1, 'Dados pessoais');
    await waitFor(() => expect(http.callsTo('/api/configuracao-publica')).toHaveLength(1));
    expect(document.querySelector('.aviso-cin')).toBeNull();
    a.unmount();

    configuracao('2027-01-04', '2027-01-05');
    const b = abrir('/pescador/solicitacao?tipoSolicitacao=2');
    await tituloDoPasso(1, 'Dados pessoais');
    // A re-registration is not a first registration: no notice, so the settings are not even asked for.
    screen.getByLabelText(MENSAGENS_CIN.rotuloCin);
    expect(document.querySelector('.aviso-cin')).toBeNull();
    expect(http.callsTo('/api/configuracao-publica')).toHaveLength(1);
    b.unmount();

    http.get('/api/configuracao-publica', fail(500, 'Erro interno no servidor, tente novamente mais tarde'));
    abrir('/pescador/solicitacao?tipoSolicitacao=1');
    await tituloDoPasso(1, 'Dados pessoais');
    await waitFor(() => expect(http.callsTo('/api/configuracao-publica')).toHaveLength(2));
    expect(document.querySelector('.aviso-cin')).toBeNull();
    expect(document.querySelector('.br-message.danger')).toBeNull();
  });

  it('says at the documents of step 4 that the identification attached must be the CIN', async () => {
    configuracao('2027-01-04', '2026-12-20');
    http.get('/api/solicitacao/77', ok(rascunho(3)));
    abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77&passo=4');
    await tituloDoPasso(4, 'Apoio e documentos');
    const el = await aviso(MENSAGENS_CIN.anexo('2027-01-04'));
    expect(el.closest('#documentos-solicitacao')).toBeTruthy();
  });

  it("stays at step 5 and shows the server's refusal of a submission without the CIN", async () => {
    configuracao('2027-01-04', '2027-01-05');
    const mensagem = MENSAGENS_CIN.registroInicial('2027-01-04');
    http.get('/api/solicitacao/77', ok(rascunho(4)));
    http.put('/api/solicitacao', fail(400, mensagem, { erros: [`docIdentificacao.numero: ${mensagem}`] }));
    const { router } = abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
    await tituloDoPasso(5, 'Declaração e envio');
    fireEvent.click(campo('Li e concordo com a declaração'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    await waitFor(() => expect(corpos('PUT')).toEqual([{ id: 77, tipo: 1, passo: 5, declaraCiencia: true }]));
    expect((await screen.findAllByText(mensagem)).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/pescador/solicitacao');
  });
});
