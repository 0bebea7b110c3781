const c = await import("@cedar-policy/cedar-wasm/nodejs");
console.log(Object.keys(c).slice(0,40));
const m = c.default ?? c;
console.log(JSON.stringify(m.policySetTextToParts('forbid(principal, action, resource) when { resource.path like "*.env" };\n permit(principal,action,resource);')));
console.log(JSON.stringify(m.policySetTextToParts('permit(principal == ?principal, action, resource);')));
console.log(JSON.stringify(m.policySetTextToParts('permit(principal, action')).slice(0,300));
console.log(JSON.stringify(m.policySetTextToParts('')));
const r = m.isAuthorized({principal:{type:"Axiom::Plan",id:"p"}, action:{type:"Axiom::Action",id:"create"}, resource:{type:"Axiom::Artifact",id:".env"}, context:{manifest:{name:"p",profile:"d"}},
 policies:{staticPolicies:{policy0:'forbid(principal, action, resource) when { resource.path like "*.env" && resource.exists };', policy1: 'forbid(principal, action == Axiom::Action::"create", resource in Axiom::Manifest::"sha256:x");', permitAll:'permit(principal,action,resource);'}},
 entities:[{uid:{type:"Axiom::Artifact",id:".env"},attrs:{path:".env", bytes: 12},parents:[{type:"Axiom::Manifest",id:"sha256:x"}]}]});
console.log(JSON.stringify(r));
