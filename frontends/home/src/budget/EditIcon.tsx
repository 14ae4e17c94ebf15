/** A pencil, drawn like the component library's line icons. */
export function EditIcon() {
  return (
    <svg className="ui-icon budget-edit-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />
    </svg>
  );
}
