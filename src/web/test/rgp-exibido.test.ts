import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Spec point 5: an RGP number is shown hyphen-separated in upper case on every screen, through `exibirRgp`
 * (src/shared/rgp.ts). Every screen that renders an RGP number field (`numeroRGP`, `numeroPrimeiroRGP`) as a
 * JSX child, a `[label, value]` row or a `valor:` passes it through `exibirRgp`. The screens that print one are
 * also rendered with a raw number in their own tests (tela-analise, pescador-edicao-rgp, passo1, consulta).
 */
function fontes(dir: string): string[] {
  return readdirSync(dir).flatMap((nome) => {
    const caminho = join(dir, nome);
    if (statSync(caminho).isDirectory()) return nome === 'test' ? [] : fontes(caminho);
    return /\.tsx$/.test(nome) && !/\.test\.tsx$/.test(nome) ? [caminho] : [];
  });
}

const CAMPO = /numero(Primeiro)?RGP\b/;
const EXIBICAO = /(>\s*\{[^}]*numero(Primeiro)?RGP)|(\[\s*'[^']*',\s*[^\]]*numero(Primeiro)?RGP)|(valor:\s*[^,}]*numero(Primeiro)?RGP)/;

describe('RGP numbers on screen', () => {
  it('every screen shows them through exibirRgp, never raw', () => {
    const cruas: string[] = [];
    const arquivos = fontes(join(import.meta.dirname, '..'));
    expect(arquivos.length).toBeGreaterThan(20);
    for (const arquivo of arquivos) {
      readFileSync(arquivo, 'utf8').split('\n').forEach((linha, i) => {
        if (CAMPO.test(linha) && EXIBICAO.test(linha) && !/exibirRgp|rgpExibido|numeroRgp\(/.test(linha)) cruas.push(`${arquivo}:${i + 1}: ${linha.trim()}`);
      });
    }
    expect(cruas).toEqual([]);
  });
});
