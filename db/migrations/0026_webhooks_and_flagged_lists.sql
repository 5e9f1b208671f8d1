CREATE TABLE "assinatura_webhook" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assinatura_webhook_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" integer NOT NULL,
	"url" varchar(500) NOT NULL,
	"tipos" text[] NOT NULL,
	"segredo_cifrado" text NOT NULL,
	"cursor_xid" "xid8" NOT NULL,
	"cursor_id" bigint DEFAULT 0 NOT NULL,
	"falhas_seguidas" integer DEFAULT 0 NOT NULL,
	"desativada_em" timestamp with time zone,
	"motivo_desativacao" varchar(200),
	"cpf_criador" char(11) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entrega_webhook" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entrega_webhook_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"assinatura_id" integer NOT NULL,
	"evento_id" bigint NOT NULL,
	"estado" varchar(12) DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"inicio_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_status" smallint,
	"ultimo_erro" varchar(200),
	"entregue_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lista_sinalizada" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lista_sinalizada_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" integer NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"ato" varchar(200) NOT NULL,
	"motivo" varchar(500) NOT NULL,
	"cpfs" text[] NOT NULL,
	"situacao" varchar(10) DEFAULT 'proposta' NOT NULL,
	"lote_id" integer,
	"motivo_recusa" varchar(500),
	"cpf_revisor" char(11),
	"revisada_em" timestamp with time zone,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tentativa_entrega_webhook" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tentativa_entrega_webhook_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entrega_id" bigint NOT NULL,
	"status_http" smallint,
	"erro" varchar(200),
	"duracao_ms" integer NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assinatura_webhook" ADD CONSTRAINT "assinatura_webhook_cliente_id_cliente_integracao_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente_integracao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrega_webhook" ADD CONSTRAINT "entrega_webhook_assinatura_id_assinatura_webhook_id_fk" FOREIGN KEY ("assinatura_id") REFERENCES "public"."assinatura_webhook"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_sinalizada" ADD CONSTRAINT "lista_sinalizada_cliente_id_cliente_integracao_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente_integracao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tentativa_entrega_webhook" ADD CONSTRAINT "tentativa_entrega_webhook_entrega_id_entrega_webhook_id_fk" FOREIGN KEY ("entrega_id") REFERENCES "public"."entrega_webhook"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assinatura_webhook_cliente_idx" ON "assinatura_webhook" USING btree ("cliente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entrega_webhook_assinatura_evento_idx" ON "entrega_webhook" USING btree ("assinatura_id","evento_id");--> statement-breakpoint
CREATE INDEX "entrega_webhook_pendente_idx" ON "entrega_webhook" USING btree ("assinatura_id","proxima_tentativa_em") WHERE estado = 'pendente';--> statement-breakpoint
CREATE INDEX "lista_sinalizada_cliente_idx" ON "lista_sinalizada" USING btree ("cliente_id","id");--> statement-breakpoint
CREATE INDEX "tentativa_entrega_webhook_entrega_idx" ON "tentativa_entrega_webhook" USING btree ("entrega_id");