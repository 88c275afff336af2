-- The administration area edits the category tree too (/admin/categories, the same rules as the
-- CLI's categories:*): its changes go to the action log, in the transaction that makes them.
-- A category is named by its slug; an import is one entry on the whole tree (subject 'tree').

alter table admin_actions drop constraint admin_actions_action_check;
alter table admin_actions add constraint admin_actions_action_check check (action in (
  'listing_hidden', 'listing_restored', 'edit_reviewed',
  'user_disabled', 'user_enabled', 'admin_granted',
  'price_changed', 'product_added', 'product_retired',
  'category_added', 'category_moved', 'category_retired', 'category_tree_imported'));

alter table admin_actions drop constraint admin_actions_subject_type_check;
alter table admin_actions add constraint admin_actions_subject_type_check
  check (subject_type in ('listing', 'listing_version', 'user', 'product', 'category', 'category_tree'));
