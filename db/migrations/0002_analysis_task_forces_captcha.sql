CREATE TABLE "analise_documento" (
	"analise_id" integer NOT NULL,
	"documento_id" integer NOT NULL,
	"tipo_documento" smallint NOT NULL,
	"aprovado" boolean NOT NULL,
	CONSTRAINT "analise_documento_analise_id_documento_id_pk" PRIMARY KEY("analise_id","documento_id")
);
--> statement-breakpoint
CREATE TABLE "ato_normativo" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	"descricao" text NOT NULL,
	"data_inicio_vigencia" date NOT NULL,
	"data_termino_vigencia" date,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_usado" (
	"assinatura" varchar(128) PRIMARY KEY NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forca_tarefa" (
	"id" serial PRIMARY KEY NOT NULL,
	"titulo" varchar(200) NOT NULL,
	"ato_normativo_id" integer NOT NULL,
	"data_limite" date NOT NULL,
	"ativa" boolean DEFAULT true NOT NULL,
	"usuario_interno_gravou" char(11),
	"ip_origem_alteracao" varchar(45),
	"data_criacao" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forca_tarefa_lotacao" (
	"forca_tarefa_id" integer NOT NULL,
	"usuario_mapa_id" integer NOT NULL,
	CONSTRAINT "forca_tarefa_lotacao_forca_tarefa_id_usuario_mapa_id_pk" PRIMARY KEY("forca_tarefa_id","usuario_mapa_id")
);
--> statement-breakpoint
CREATE TABLE "forca_tarefa_uf" (
	"forca_tarefa_id" integer NOT NULL,
	"uf" char(2) NOT NULL,
	CONSTRAINT "forca_tarefa_uf_forca_tarefa_id_uf_pk" PRIMARY KEY("forca_tarefa_id","uf")
);
--> statement-breakpoint
ALTER TABLE "analise_solicitacao" ADD COLUMN "instancia" varchar(4) DEFAULT 'SFPA' NOT NULL;--> statement-breakpoint
ALTER TABLE "analise_solicitacao" ADD COLUMN "perfil_analista" smallint;--> statement-breakpoint
ALTER TABLE "analise_solicitacao" ADD COLUMN "documento_parecer_id" integer;--> statement-breakpoint
ALTER TABLE "analise_documento" ADD CONSTRAINT "analise_documento_analise_id_analise_solicitacao_id_fk" FOREIGN KEY ("analise_id") REFERENCES "public"."analise_solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analise_documento" ADD CONSTRAINT "analise_documento_documento_id_documento_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forca_tarefa" ADD CONSTRAINT "forca_tarefa_ato_normativo_id_ato_normativo_id_fk" FOREIGN KEY ("ato_normativo_id") REFERENCES "public"."ato_normativo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forca_tarefa_lotacao" ADD CONSTRAINT "forca_tarefa_lotacao_forca_tarefa_id_forca_tarefa_id_fk" FOREIGN KEY ("forca_tarefa_id") REFERENCES "public"."forca_tarefa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forca_tarefa_lotacao" ADD CONSTRAINT "forca_tarefa_lotacao_usuario_mapa_id_usuario_mapa_id_fk" FOREIGN KEY ("usuario_mapa_id") REFERENCES "public"."usuario_mapa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forca_tarefa_uf" ADD CONSTRAINT "forca_tarefa_uf_forca_tarefa_id_forca_tarefa_id_fk" FOREIGN KEY ("forca_tarefa_id") REFERENCES "public"."forca_tarefa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captcha_usado_expira_idx" ON "captcha_usado" USING btree ("expira_em");--> statement-breakpoint
CREATE INDEX "forca_tarefa_lotacao_usuario_idx" ON "forca_tarefa_lotacao" USING btree ("usuario_mapa_id");--> statement-breakpoint
CREATE INDEX "analise_fila_idx" ON "analise_solicitacao" USING btree ("situacao_analise","criado_em");