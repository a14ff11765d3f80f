-- The SLA set-up's triggers on tables created after 15_sla.sql (issue 46, part 3).
--
-- Every change to the business calendar and the closed days is in the admin log.
create trigger business_calendar_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.business_calendar FOR EACH ROW EXECUTE FUNCTION private.log_admin_change();
create trigger closed_days_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.closed_days FOR EACH ROW EXECUTE FUNCTION private.log_admin_change('day');

-- Contract SLA plans: a ticket of a company with a contract in force uses the contract's plan
-- (private.sla_due_times). When a contract's dates or company, or its plan change, the stored due
-- times of that company's open tickets are recomputed in the same transaction.
create trigger contracts_recompute_sla_insert AFTER INSERT ON public.contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_contract_change();
create trigger contracts_recompute_sla_update AFTER UPDATE ON public.contracts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_contract_change();
create trigger contracts_recompute_sla_delete AFTER DELETE ON public.contracts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_contract_change();
create trigger contract_sla_targets_recompute_sla_insert AFTER INSERT ON public.contract_sla_targets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_contract_change();
create trigger contract_sla_targets_recompute_sla_update AFTER UPDATE ON public.contract_sla_targets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_contract_change();
create trigger contract_sla_targets_recompute_sla_delete AFTER DELETE ON public.contract_sla_targets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_contract_change();

-- The team's canned replies are part of how the helpdesk is set up: their changes are in the
-- admin log (an agent's personal replies are not).
create trigger canned_replies_admin_log_insert AFTER INSERT ON public.canned_replies FOR EACH ROW WHEN ((new.scope = 'team'::text)) EXECUTE FUNCTION private.log_admin_change();
create trigger canned_replies_admin_log_update AFTER UPDATE ON public.canned_replies FOR EACH ROW WHEN (((old.scope = 'team'::text) OR (new.scope = 'team'::text))) EXECUTE FUNCTION private.log_admin_change();
create trigger canned_replies_admin_log_delete AFTER DELETE ON public.canned_replies FOR EACH ROW WHEN ((old.scope = 'team'::text)) EXECUTE FUNCTION private.log_admin_change();
