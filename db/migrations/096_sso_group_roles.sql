-- 096_sso_group_roles: roles from the provider's groups. A channel's provider lists, in an ID token claim
-- (role_claim, "groups" by default), the groups a person belongs to; members of administrator_groups are
-- the channel's administrators, of operator_groups its operators, and the role follows the claim at each
-- sign-in. Both empty: the mapping is off and roles stay as the administrators set them.
alter table channel_sso
  add column role_claim text not null default 'groups',
  add column administrator_groups text[] not null default '{}',
  add column operator_groups text[] not null default '{}';
