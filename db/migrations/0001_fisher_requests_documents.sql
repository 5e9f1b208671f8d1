CREATE SEQUENCE "public"."rgp_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "documento" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitacao_id" integer,
	"pescador_id" integer NOT NULL,
	"tipo_documento" smallint NOT NULL,
	"nome_arquivo" varchar(255) NOT NULL,
	"chave_arquivo" varchar(100) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"tamanho" integer NOT NULL,
	"migrado" boolean DEFAULT false NOT NULL,
	"url_arquivo" text,
	"aprovado" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"removido_em" timestamp with time zone,
	CONSTRAINT "documento_chave_arquivo_unique" UNIQUE("chave_arquivo")
);
--> statement-breakpoint
CREATE TABLE "notificacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"pescador_id" integer NOT NULL,
	"tipo" smallint NOT NULL,
	"conteudo" text NOT NULL,
	"url_redirecionamento" varchar(300),
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lida_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pescador_ambiente_pesca" (
	"pescador_id" integer NOT NULL,
	"ambiente_pesca" smallint NOT NULL,
	CONSTRAINT "pescador_ambiente_pesca_pescador_id_ambiente_pesca_pk" PRIMARY KEY("pescador_id","ambiente_pesca")
);
--> statement-breakpoint
CREATE TABLE "pescador_grupo_alvo" (
	"pescador_id" integer NOT NULL,
	"grupo_alvo" smallint NOT NULL,
	CONSTRAINT "pescador_grupo_alvo_pescador_id_grupo_alvo_pk" PRIMARY KEY("pescador_id","grupo_alvo")
);
--> statement-breakpoint
CREATE TABLE "solicitacao_historico" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "solicitacao_historico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"solicitacao_id" integer NOT NULL,
	"situacao_anterior" smallint,
	"situacao_nova" smallint NOT NULL,
	"cpf_ator" char(11),
	"perfil_ator" smallint,
	"motivo" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "pescador_uf_idx";--> statement-breakpoint
ALTER TABLE "solicitacao" ALTER COLUMN "passo" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "analise_solicitacao" ADD COLUMN "justificativa" text;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "nome_mae" varchar(200);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "nome_pai" varchar(200);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "apelido" varchar(60);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "telefone" varchar(11);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "escolaridade" smallint;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "etnia" smallint;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "alfabetizacao" boolean;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "nacionalidade_brasileira" boolean;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "cep" char(8);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "logradouro" varchar(150);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "numero_logradouro" varchar(10);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "bairro" varchar(100);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "complemento" varchar(100);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "categoria" smallint;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "forma_atuacao" smallint;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "propriedade_embarcacao" smallint;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "possui_registro_embarcacao" boolean;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "tie" varchar(30);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "cnpj_entidade_representante" char(14);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "recebeu_ajuda" boolean;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "numero_rgp" varchar(15);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "numero_primeiro_rgp" varchar(30);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "orgao_rgp" varchar(20);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "data_primeiro_rgp" date;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "origem_rgp" varchar(30);--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "situacao_registro" smallint;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "data_suspenso_cancelado" date;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "pode_acessar_sistema" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "data_emissao_carteira" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "id_solicitacao_ativa" integer;--> statement-breakpoint
ALTER TABLE "pescador" ADD COLUMN "dados" jsonb;--> statement-breakpoint
ALTER TABLE "solicitacao" ADD COLUMN "declara_ciencia" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacao" ADD COLUMN "dados" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacao" ADD COLUMN "solicitacao_origem_id" integer;--> statement-breakpoint
ALTER TABLE "solicitacao" ADD COLUMN "justificativa_cancelamento" text;--> statement-breakpoint
ALTER TABLE "solicitacao" ADD COLUMN "numero_protocolo" varchar(20);--> statement-breakpoint
ALTER TABLE "solicitacao" ADD COLUMN "uf_pescador" char(2);--> statement-breakpoint
ALTER TABLE "solicitacao" ADD COLUMN "inativa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documento" ADD CONSTRAINT "documento_solicitacao_id_solicitacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documento" ADD CONSTRAINT "documento_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao" ADD CONSTRAINT "notificacao_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pescador_ambiente_pesca" ADD CONSTRAINT "pescador_ambiente_pesca_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pescador_grupo_alvo" ADD CONSTRAINT "pescador_grupo_alvo_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacao_historico" ADD CONSTRAINT "solicitacao_historico_solicitacao_id_solicitacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documento_solicitacao_idx" ON "documento" USING btree ("solicitacao_id","tipo_documento");--> statement-breakpoint
CREATE INDEX "documento_pescador_idx" ON "documento" USING btree ("pescador_id");--> statement-breakpoint
CREATE INDEX "notificacao_pescador_nao_lida_idx" ON "notificacao" USING btree ("pescador_id") WHERE lida_em IS NULL;--> statement-breakpoint
CREATE INDEX "pescador_ambiente_pesca_ambiente_idx" ON "pescador_ambiente_pesca" USING btree ("ambiente_pesca","pescador_id");--> statement-breakpoint
CREATE INDEX "pescador_grupo_alvo_grupo_idx" ON "pescador_grupo_alvo" USING btree ("grupo_alvo","pescador_id");--> statement-breakpoint
CREATE INDEX "solicitacao_historico_solicitacao_idx" ON "solicitacao_historico" USING btree ("solicitacao_id","criado_em");--> statement-breakpoint
CREATE INDEX "pescador_uf_municipio_idx" ON "pescador" USING btree ("uf","municipio_id");--> statement-breakpoint
CREATE INDEX "pescador_situacao_registro_idx" ON "pescador" USING btree ("situacao_registro");--> statement-breakpoint
CREATE INDEX "pescador_data_nascimento_idx" ON "pescador" USING btree ("data_nascimento");--> statement-breakpoint
CREATE INDEX "pescador_data_emissao_carteira_idx" ON "pescador" USING btree ("data_emissao_carteira");--> statement-breakpoint
CREATE INDEX "pescador_tie_idx" ON "pescador" USING btree ("tie");--> statement-breakpoint
CREATE INDEX "pescador_cnpj_entidade_idx" ON "pescador" USING btree ("cnpj_entidade_representante");--> statement-breakpoint
CREATE UNIQUE INDEX "pescador_numero_rgp_key" ON "pescador" USING btree ("numero_rgp");--> statement-breakpoint
CREATE INDEX "pescador_nome_idx" ON "pescador" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "solicitacao_situacao_enviada_idx" ON "solicitacao" USING btree ("situacao","enviada_em");--> statement-breakpoint
ALTER TABLE "solicitacao" ADD CONSTRAINT "solicitacao_numero_protocolo_unique" UNIQUE("numero_protocolo");