import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import fronteiras from './fronteiras.js';

RuleTester.describe = describe;
RuleTester.it = it;

const raiz = path.resolve(import.meta.dirname, '..');
const em = (p: string) => path.join(raiz, p);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

tester.run('modulos-do-servidor', fronteiras.rules['modulos-do-servidor'], {
  valid: [
    { filename: em('src/server/modules/analise/analise.service.ts'), code: "import { PescadorService } from '../pescador/pescador.service';" },
    { filename: em('src/server/modules/analise/analise.service.ts'), code: "import type { AuthContext } from '../auth/auth.service';" },
    { filename: em('src/server/modules/analise/analise.service.ts'), code: "import { AnaliseRepository } from './analise.repository';" },
    { filename: em('src/server/modules/analise/analise.service.ts'), code: "import { podeLerPescador } from '../escopo';" },
    { filename: em('src/server/modules/analise/analise.service.ts'), code: "import { AppError } from '../../lib/errors';" },
    { filename: em('src/server/modules/solicitacao/tipos/cancelamento.ts'), code: "import { x } from '../solicitacao.repository';" },
    { filename: em('src/server/app.ts'), code: "import { AnaliseRepository } from './modules/analise/analise.repository';" },
  ],
  invalid: [
    {
      filename: em('src/server/modules/analise/analise.service.ts'),
      code: "import { PescadorRepository } from '../pescador/pescador.repository';",
      errors: [{ messageId: 'fronteira' }],
    },
    {
      filename: em('src/server/modules/arquivo/arquivo.routes.ts'),
      code: "import { PERFIS } from '../documento/documento.routes';",
      errors: [{ messageId: 'fronteira' }],
    },
    {
      filename: em('src/server/modules/analise/analise.service.ts'),
      code: "import type { Linha } from '../solicitacao/tipos/registro';",
      errors: [{ messageId: 'fronteira' }],
    },
    {
      filename: em('src/server/modules/analise/analise.service.ts'),
      code: "export { x } from '../pescador/aplicar-dados';",
      errors: [{ messageId: 'fronteira' }],
    },
    {
      filename: em('src/server/modules/analise/analise.service.ts'),
      code: "import { x } from '../solicitacao/outro.service';",
      errors: [{ messageId: 'fronteira' }],
    },
  ],
});

tester.run('features-da-web', fronteiras.rules['features-da-web'], {
  valid: [
    { filename: em('src/web/features/analise/tela-analise.tsx'), code: "import { x } from './analise-api';" },
    { filename: em('src/web/features/analise/tela-analise.tsx'), code: "import { Campo } from '../../components/form/campos';" },
    { filename: em('src/web/routes/home.tsx'), code: "import { Contadores } from '../features/totalizadores/contadores';" },
    { filename: em('src/web/features/analise/tela-analise.tsx'), code: "import { ok } from '../../../shared/envelope';" },
  ],
  invalid: [
    {
      filename: em('src/web/features/analise/tela-analise.tsx'),
      code: "import { Documentos } from '../documento/documentos-api';",
      errors: [{ messageId: 'fronteira' }],
    },
    {
      filename: em('src/web/features/analise/tela-analise.tsx'),
      code: "import { Documentos } from '../documento';",
      errors: [{ messageId: 'fronteira' }],
    },
  ],
});

describe('the project configuration applies the boundary rules', () => {
  const eslint = new ESLint({ cwd: raiz });
  const erros = async (arquivo: string, codigo: string) =>
    (await eslint.lintText(codigo, { filePath: em(arquivo) }))[0]!.messages.map((m) => m.ruleId);

  it('to server modules, but not to their tests and fixtures', async () => {
    const codigo = "import { PescadorRepository } from '../pescador/pescador.repository';\nexport const r = PescadorRepository;\n";
    expect(await erros('src/server/modules/analise/novo.service.ts', codigo)).toContain('fronteiras/modulos-do-servidor');
    expect(await erros('src/server/modules/analise/novo.test.ts', codigo)).not.toContain('fronteiras/modulos-do-servidor');
  });

  it('to web features', async () => {
    const codigo = "import { x } from '../documento/documentos-api';\nexport const y = x;\n";
    expect(await erros('src/web/features/analise/novo.ts', codigo)).toContain('fronteiras/features-da-web');
  });
});
