-- 094_line_templates: the approved WhatsApp message template a line sends outside the 24-hour window.
--
-- Meta refuses a free-form message more than 24 hours after the listener's last one (the customer service
-- window); only a template the business had approved may then be sent. A WhatsApp line names its template
-- (whose body has one variable, {{1}}, that carries the staff reply or the code) and the template's language
-- code as Meta lists it (en_US, fr, pt_BR…). Without one, a reply outside the window is refused at once.
alter table phone_lines
  add column template_name text,
  add column template_language text;
