CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"acao" varchar(60) NOT NULL,
	"cpf_ator" char(11),
	"perfil_ator" smallint,
	"sessao_id" uuid,
	"recurso" varchar(60),
	"recurso_id" varchar(60),
	"ip" "inet",
	"sucesso" boolean DEFAULT true NOT NULL,
	"detalhes" jsonb
);
--> statement-breakpoint
CREATE TABLE "auth_link" (
	"chave" char(32) PRIMARY KEY NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configuracao_horario_acesso" (
	"id_configuracao" serial PRIMARY KEY NOT NULL,
	"orgao" varchar(20) NOT NULL,
	"hora_limite_inicio_acesso" char(5) NOT NULL,
	"hora_limite_termino_acesso" char(5) NOT NULL,
	"usuario_pode_acessar_todos_dias" boolean DEFAULT false NOT NULL,
	CONSTRAINT "configuracao_horario_acesso_orgao_unique" UNIQUE("orgao")
);
--> statement-breakpoint
CREATE TABLE "orgao" (
	"sigla" varchar(20) PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	"uf" char(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessao" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cpf" char(11) NOT NULL,
	"perfil" smallint NOT NULL,
	"pescador_id" integer,
	"usuario_mapa_id" integer,
	"id_token_hint" text,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"revogada_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" serial PRIMARY KEY NOT NULL,
	"cpf" char(11) NOT NULL,
	"nome" varchar(200) NOT NULL,
	"bloqueado" boolean DEFAULT false NOT NULL,
	CONSTRAINT "usuario_cpf_unique" UNIQUE("cpf")
);
--> statement-breakpoint
CREATE TABLE "usuario_mapa" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"tipo_usuario" smallint NOT NULL,
	"sigla_orgao" varchar(20) NOT NULL,
	"uf_orgao" char(2) NOT NULL,
	"matricula" varchar(30),
	"validade" date,
	"email" varchar(200),
	"acesso_customizado" boolean DEFAULT false NOT NULL,
	"hora_limite_inicio_acesso" char(5),
	"hora_limite_termino_acesso" char(5),
	"usuario_pode_acessar_todos_dias" boolean DEFAULT false NOT NULL,
	CONSTRAINT "usuario_mapa_usuario_id_unique" UNIQUE("usuario_id")
);
--> statement-breakpoint
CREATE TABLE "analise_solicitacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitacao_id" integer NOT NULL,
	"situacao_analise" smallint NOT NULL,
	"uf_pescador" char(2),
	"usuario_mapa_id" integer,
	"data_hora_bloqueio" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pescador" (
	"id" serial PRIMARY KEY NOT NULL,
	"cpf" char(11) NOT NULL,
	"nome" varchar(200) NOT NULL,
	"email" varchar(200),
	"uf" char(2),
	"municipio_id" integer,
	"data_nascimento" date,
	"sexo" smallint,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pescador_cpf_unique" UNIQUE("cpf")
);
--> statement-breakpoint
CREATE TABLE "solicitacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"pescador_id" integer NOT NULL,
	"tipo" smallint NOT NULL,
	"situacao" smallint NOT NULL,
	"passo" smallint DEFAULT 1 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviada_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "especie" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(120) NOT NULL,
	"nome_cientifico" varchar(160) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipio" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL,
	"uf" char(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profissao" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referencia" (
	"lista" varchar(40) NOT NULL,
	"id" integer NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"sigla" varchar(20),
	CONSTRAINT "referencia_lista_id_pk" PRIMARY KEY("lista","id")
);
--> statement-breakpoint
CREATE TABLE "uf" (
	"codigo" smallint PRIMARY KEY NOT NULL,
	"sigla" char(2) NOT NULL,
	"nome" varchar(40) NOT NULL,
	CONSTRAINT "uf_sigla_unique" UNIQUE("sigla")
);
--> statement-breakpoint
ALTER TABLE "configuracao_horario_acesso" ADD CONSTRAINT "configuracao_horario_acesso_orgao_orgao_sigla_fk" FOREIGN KEY ("orgao") REFERENCES "public"."orgao"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_mapa" ADD CONSTRAINT "usuario_mapa_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_mapa" ADD CONSTRAINT "usuario_mapa_sigla_orgao_orgao_sigla_fk" FOREIGN KEY ("sigla_orgao") REFERENCES "public"."orgao"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analise_solicitacao" ADD CONSTRAINT "analise_solicitacao_solicitacao_id_solicitacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacao" ADD CONSTRAINT "solicitacao_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio" ADD CONSTRAINT "municipio_uf_uf_sigla_fk" FOREIGN KEY ("uf") REFERENCES "public"."uf"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_criado_em_idx" ON "auditoria" USING btree ("criado_em");--> statement-breakpoint
CREATE INDEX "auditoria_cpf_ator_idx" ON "auditoria" USING btree ("cpf_ator","criado_em");--> statement-breakpoint
CREATE INDEX "auditoria_recurso_idx" ON "auditoria" USING btree ("recurso","recurso_id");--> statement-breakpoint
CREATE INDEX "sessao_cpf_idx" ON "sessao" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "analise_situacao_uf_idx" ON "analise_solicitacao" USING btree ("situacao_analise","uf_pescador");--> statement-breakpoint
CREATE INDEX "analise_solicitacao_idx" ON "analise_solicitacao" USING btree ("solicitacao_id");--> statement-breakpoint
CREATE INDEX "pescador_uf_idx" ON "pescador" USING btree ("uf");--> statement-breakpoint
CREATE INDEX "solicitacao_pescador_situacao_idx" ON "solicitacao" USING btree ("pescador_id","situacao");--> statement-breakpoint
CREATE INDEX "municipio_uf_nome_idx" ON "municipio" USING btree ("uf","nome");